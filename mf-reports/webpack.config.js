import { createFederatedConfig } from '../scripts/webpack/create-federated-config.mjs';

export default createFederatedConfig({ name: 'mf_reports', dir: import.meta.dirname, exposes: { './app': './src/entry.ts' }, port: 3005 });
