/**
 * Zip archives built in memory for the tests (yazl): one entry written as a stream, as INSEE's stock zips are.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';

/** A zip of one entry `name` whose content is the chunks of `data`, in order. */
export function zip(name: string, data: Iterable<Buffer>): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  archive.addReadStream(Readable.from(data), name);
  archive.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (c: Buffer) => parts.push(c));
    archive.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    archive.outputStream.on('error', reject);
  });
}
