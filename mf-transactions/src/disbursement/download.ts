import { saveBlob } from 'shared-ui';

/** Saves text as a file through the browser's own download (the ABA file keeps its CRLF line ends). */
export function downloadText(text: string, filename: string, type = 'text/plain'): void {
  saveBlob(new Blob([text], { type }), filename);
}
