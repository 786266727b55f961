import { api } from 'shared-ui/core';

/**
 * Files the server sends back inside a JSON answer (reports: base64 data with a name and MIME
 * type) or as a raw response, turned into something the browser can show or save.
 */

/** The bytes of base64 text as a Blob of this type. */
export function base64Blob(data: string, type: string): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Saves a Blob under this name through the browser's own download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches a PDF the server draws (a Print button: GET /api/charge/print/{id},
 * /api/cashbook/print/{id}) and opens it in a new tab, where the browser's viewer prints it.
 * A failure has already been shown by the API client; the answer is then null.
 */
export async function openServerPdf(path: string): Promise<Window | null> {
  let response: Response;
  try {
    response = await api.get<Response>(path, { raw: true });
  } catch {
    return null;
  }
  const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }));
  // Kept for a minute: the new tab reads it after this returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return window.open(url, '_blank');
}
