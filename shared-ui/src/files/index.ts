export { base64Blob, openServerPdf, saveBlob } from './files.js';
