import { createFederatedConfig } from '../scripts/webpack/create-federated-config.mjs';

export default createFederatedConfig({ name: 'mf_setup', dir: import.meta.dirname, exposes: { './app': './src/entry.ts' }, port: 3004 });
