import { z } from 'zod';

export type ImageKind = 'png' | 'jpeg';

export interface DecodedImage {
  kind: ImageKind;
  /** Decoded size in bytes. */
  bytes: number;
}

const DATA_URL = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Reads a base64 data URL of a PNG or JPEG and checks that its bytes really are that format
 * (the declared type alone proves nothing). Uses atob so the same check runs in the browser.
 */
export function decodeImageDataUrl(value: string): DecodedImage | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const base64 = match[2]!;
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  let head: string;
  try {
    head = atob(base64.slice(0, 12));
  } catch {
    return null;
  }
  const isPng = head.startsWith('\x89PNG\r\n\x1a\n');
  const isJpeg = head.startsWith('\xff\xd8\xff');
  if (!isPng && !isJpeg) return null;
  return { kind: isPng ? 'png' : 'jpeg', bytes };
}

/** A PNG or JPEG data URL of at most maxBytes (decoded). */
export const imageDataUrl = (maxBytes: number, label: string) =>
  z.string({ error: `${label} must be a PNG or JPEG image` }).superRefine((value, ctx) => {
    const image = decodeImageDataUrl(value);
    if (!image) ctx.addIssue({ code: 'custom', message: `${label} must be a PNG or JPEG image` });
    else if (image.bytes > maxBytes) ctx.addIssue({ code: 'custom', message: `${label} must be at most ${Math.round(maxBytes / 1024)} KB` });
  });
