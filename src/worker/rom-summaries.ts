import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import type { RomImages, RomSummary } from './protocol.ts';

/**
 * The ROMs a session boots, as its boot info lists them: the user's images by what identified them,
 * ours (`biosName`, `cartName`) by name.
 */
export function romSummaries(
  id: Odyssey2['identity'],
  images: RomImages,
  biosName: string,
  cartName: string,
): RomSummary[] {
  const roms: RomSummary[] = [
    {
      kind: 'bios',
      note: images.bios ? id.bios.note : `BIOS: ${biosName}`,
      crcHex: id.bios.crcHex,
      size: id.bios.size,
    },
    {
      kind: 'cart',
      note: images.cart ? id.cart.note : `cartridge: ${cartName}`,
      crcHex: id.cart.crcHex,
      size: id.cart.size,
    },
  ];
  if (id.charset)
    roms.push({ kind: 'charset', note: id.charset.note, crcHex: id.charset.crcHex, size: id.charset.size });
  return roms;
}
