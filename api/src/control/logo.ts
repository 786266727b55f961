import sharp from 'sharp';
import { LOGO_HEIGHT, LOGO_WIDTH } from '../contracts/control.js';
import { badRequest } from '../http/errors.js';

/**
 * Scales an uploaded PNG or JPEG to the statement header's 300×150 box, keeping its proportions
 * on a transparent background, and answers it as a PNG data URL.
 */
export async function fitLogo(dataUrl: string): Promise<{ dataUrl: string; bytes: number }> {
  const input = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  let png: Buffer;
  try {
    png = await sharp(input)
      .resize(LOGO_WIDTH, LOGO_HEIGHT, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    throw badRequest('Logo is not a readable PNG or JPEG image', { errors: [{ path: 'logo', msg: 'Logo is not a readable PNG or JPEG image' }] });
  }
  return { dataUrl: `data:image/png;base64,${png.toString('base64')}`, bytes: png.length };
}
