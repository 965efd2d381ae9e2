import { describe, expect, it } from 'vitest';
import { accountResponses } from './account';
import { schemaOf, type ResponseName } from './index';
import { placeResponses } from './place';
import { visitorResponses } from './visitor';

describe('answer schemas', () => {
  it('finds every schema of every group by its name, and no name is in two groups', async () => {
    const groups = [placeResponses, visitorResponses, accountResponses];
    const names = groups.flatMap((group) => Object.keys(group));
    expect(new Set(names).size).toBe(names.length);
    for (const group of groups) {
      for (const [name, schema] of Object.entries(group)) expect(await schemaOf(name as ResponseName), name).toBe(schema);
    }
  });
});
