import { createFederatedConfig } from '../scripts/webpack/create-federated-config.mjs';

export default createFederatedConfig({ name: 'shell', dir: import.meta.dirname, port: 3000, isHost: true });
