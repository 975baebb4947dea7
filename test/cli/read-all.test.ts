import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/exit-mapping.js';
import { InputTooLargeError, readAll, STDIN_MAX_BYTES } from '../../src/cli/io.js';

/** An endless stream of zero bytes, like `< /dev/zero`, that counts what was pulled from it. */
function zeros(): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  const stream = new Readable({
    read() {
      pulled += 65536;
      this.push(Buffer.alloc(65536));
    },
  });
  return { stream, pulled: () => pulled };
}

describe('readAll', () => {
  it('joins bytes before decoding, so a character split between chunks survives', async () => {
    const text = 'Señor, ¿quién es? “quoted” ἀγαπάω';
    const bytes = Buffer.from(text);
    // Split inside the two-byte ñ and again inside the three-byte opening quote.
    const cut1 = bytes.indexOf(Buffer.from('ñ')) + 1;
    const cut2 = bytes.indexOf(Buffer.from('“')) + 2;
    const stream = Readable.from([bytes.subarray(0, cut1), bytes.subarray(cut1, cut2), bytes.subarray(cut2)]);
    expect(await readAll(stream)).toBe(text);
  });

  it('stops at the limit on an endless stream instead of growing without end', async () => {
    const source = zeros();
    await expect(readAll(source.stream)).rejects.toBeInstanceOf(InputTooLargeError);
    expect(source.pulled()).toBeLessThanOrEqual(STDIN_MAX_BYTES + 65536);
  });

  it('takes exactly the limit and refuses one byte more', async () => {
    expect(await readAll(Readable.from([Buffer.alloc(10, 97)]), 10)).toBe('a'.repeat(10));
    await expect(readAll(Readable.from([Buffer.alloc(11, 97)]), 10)).rejects.toThrow('stdin holds more than 10 bytes');
  });

  it('is a usage error (exit 2) with one line and an INVALID_REQUEST envelope', () => {
    const failure = describeFailure(new InputTooLargeError(1024));
    expect(failure).toEqual({
      exitCode: 2,
      message: 'stdin holds more than 1,024 bytes',
      envelope: { success: false, error: { code: 'INVALID_REQUEST', message: 'stdin holds more than 1,024 bytes' } },
    });
  });
});
