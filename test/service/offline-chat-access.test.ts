import { describe, expect, it } from 'vitest';
import { answerChat } from '../../src/service/chat/answer.js';
import { OfflineProvider } from '../../src/service/chat/offline-provider.js';
import type { KeyRecord } from '../../src/service/keys/keys.js';
import { useTestStore } from '../support/test-store.js';

const key = (scopes: KeyRecord['scopes']) => ({ scopes, maxTokens: 1024 }) as KeyRecord;
const ask = (store: Parameters<typeof answerChat>[0]['store'], scopes: KeyRecord['scopes']) =>
  answerChat(
    { store },
    new OfflineProvider(),
    { message: 'What does the Bible say about forgiveness?', persona: 'biblical_scholar' },
    { key: key(scopes) },
  );

// A web-only key's scholar reply opened "grouped as Nave's Topical Bible arranges them, with the
// original-language words and a commentary note": works the key may not read.
describe("the offline scholar's reply names only the works the key may read", () => {
  const store = useTestStore();

  it('names no topical work, lexicon or commentary to a key that may read the WEB alone', async () => {
    const { message } = await ask(store(), ['web']);
    expect(message.split('\n')[0]).toBe('The relevant texts.');
    expect(message).not.toMatch(/Nave|Strong|commentary|MHCC/i);
  });

  it('names them to a key that may read them, as the reply draws on them', async () => {
    const { message } = await ask(store(), 'all');
    expect(message.split('\n')[0]).toBe(
      'The relevant texts, grouped as Nave’s Topical Bible arranges them, with the original-language words and a commentary note.',
    );
  });
});
