import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES } from '../../vitest.shared.ts';

// The server's test files share their worker's loaded modules; a file replacing a module (vi.mock, vi.doMock)
// would meet the real one already loaded by an earlier file and test nothing. Such files run isolated, and
// this keeps the list of them true.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(serverRoot, full).split(path.sep).join('/')] : [];
  });
}

describe('server test files that replace a module', () => {
  it('are exactly the ones run isolated', () => {
    const replacing = testFiles(path.join(serverRoot, 'src')).filter((file) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(path.join(serverRoot, file), 'utf8')));
    expect(replacing.sort()).toEqual([...ISOLATED_TEST_FILES].sort());
  });
});
