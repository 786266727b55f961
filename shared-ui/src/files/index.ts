export { base64Blob, saveBlob } from './files.js';
