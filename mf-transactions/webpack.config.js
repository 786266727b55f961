import { createFederatedConfig } from '../scripts/webpack/create-federated-config.mjs';

export default createFederatedConfig({ name: 'mf_transactions', dir: import.meta.dirname, exposes: { './app': './src/entry.ts' }, port: 3002 });
