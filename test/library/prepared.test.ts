import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparedOnce } from '../../src/library/store/prepared.js';

describe('preparedOnce', () => {
  it('prepares a text once and keeps only the most recently used statements', () => {
    const db = new Database(':memory:');
    const stmt = preparedOnce(db, 2);
    const one = stmt('SELECT 1');
    expect(stmt('SELECT 1')).toBe(one);
    const two = stmt('SELECT 2');
    stmt('SELECT 1'); // used again: 'SELECT 2' is now the least recently used
    stmt('SELECT 3'); // over the bound: 'SELECT 2' goes
    expect(stmt('SELECT 1')).toBe(one);
    expect(stmt('SELECT 2')).not.toBe(two);
    db.close();
  });
});
