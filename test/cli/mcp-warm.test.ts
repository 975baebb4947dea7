import { describe, expect, it } from 'vitest';
import { warmMcp } from '../../src/cli/mcp/http.js';

// `bible serve` runs one exchange before it listens, so that the first client's /mcp request
// does not run the SDK's and the tools' code for the first time while every other request waits.
describe('the MCP warm-up of bible serve', () => {
  it('lists the tools and calls one, through a service that refuses it: no key, no data read', async () => {
    const answers = (await warmMcp()) as Array<{
      id: number;
      result: { tools?: Array<{ name: string }>; isError?: boolean; content?: Array<{ text: string }> };
    }>;
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[0]?.result.tools?.map((t) => t.name)).toEqual(
      'passage chapter search concordance find strongs commentary topic crossrefs stories story books'.split(' '),
    );
    expect(answers[1]?.result.isError).toBe(true);
    expect(answers[1]?.result.content?.[0]?.text).toMatch(/^MISSING_API_KEY: /);
  });
});
