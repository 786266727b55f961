// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64Blob, saveBlob } from './files.js';

afterEach(() => vi.restoreAllMocks());

describe('files', () => {
  it('reads base64 back to the same bytes with the given type', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80]);
    const blob = base64Blob(Buffer.from(bytes).toString('base64'), 'application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it('saves through a link named after the file and leaves no link behind', () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    saveBlob(new Blob(['a,b\r\n'], { type: 'text/csv' }), 'Balance Summary.csv');
    expect(clicked).toEqual([{ href: 'blob:report', download: 'Balance Summary.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
