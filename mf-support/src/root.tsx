import { RemoteRoot } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';
import { SupportConsole } from './console/support-console.js';
import { Landing } from './console/landing.js';

/** The support console for SUPER and GOD users (spec 3 §2): '/' is the landing rule, every other path the console. */
export function Root() {
  return (
    <RemoteRoot idPrefix="mf-support-">
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="*" element={<SupportConsole />} />
      </Routes>
    </RemoteRoot>
  );
}
