import { deflateRawSync } from 'node:zlib';

/**
 * An `.xlsx`-looking ZIP (one entry, `xl/worksheets/sheet1.xml`) whose directory declares it inflates
 * to `megabytes` MB: what a converter must refuse before inflating anything.
 */
export function zipBomb(megabytes: number): Buffer {
  const compressed = deflateRawSync(Buffer.alloc(64 * 1024));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const size = megabytes * 1024 * 1024;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + compressed.length, 16);
  return Buffer.concat([local, name, compressed, central, name, end]);
}
