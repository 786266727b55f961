import { describe, expect, it } from 'vitest';
import { nextSidebarState } from './sidebar-state.js';

describe('nextSidebarState', () => {
  it('cycles full, thumbs, none and back to full', () => {
    expect(nextSidebarState('full')).toBe('thumbs');
    expect(nextSidebarState('thumbs')).toBe('none');
    expect(nextSidebarState('none')).toBe('full');
  });
});
