import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repo = new URL('../', import.meta.url);
const decisionsDir = new URL('docs/decisions/', repo);

/** Every numbered decision file, with its number and text. */
const decisions = readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .map((name) => ({ name, number: Number(name.slice(0, 3)), text: readFileSync(new URL(name, decisionsDir), 'utf8') }));
const numbers = new Set(decisions.map((decision) => decision.number));

/** Folders at the top of the repository that a decision may cite a file in. */
const repoRoots = ['src/', 'test/', 'bench/', 'docs/', 'openapi/', 'simulators/', 'contract-tests/', 'scripts/', 'deploy/'];

/** Every file name of the repository's own code and top level, for citations by bare name (`artifact-response.ts`). */
function codeFileNames(): Set<string> {
  const names = new Set<string>(readdirSync(repo));
  for (const root of ['src', 'test', 'bench', 'simulators/src', 'scripts', 'contract-tests']) {
    const dir = new URL(`${root}/`, repo);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) names.add(entry.name);
    }
  }
  return names;
}

describe('the decision records', () => {
  it('each says whether it stands: accepted, amended by or superseded by a decision that exists', () => {
    const problems: string[] = [];
    for (const decision of decisions) {
      const status = /^\*\*Status\.\*\* (.+)$/m.exec(decision.text)?.[1];
      if (status === undefined) {
        problems.push(`${decision.name}: no **Status.** line`);
        continue;
      }
      if (!/^(accepted\.|(amended|superseded)( in part| for files)? by decisions? \d+)/.test(status)) {
        problems.push(`${decision.name}: status "${status}" is neither accepted, amended by N nor superseded by N`);
      }
      for (const [, cited] of status.matchAll(/(?:decisions? |, | and )(\d+)/g)) {
        if (!numbers.has(Number(cited))) problems.push(`${decision.name}: its status cites decision ${cited}, which does not exist`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('each is listed in docs/decisions/README.md under its number', () => {
    const index = readFileSync(new URL('README.md', decisionsDir), 'utf8');
    const missing = decisions.filter((decision) => !index.includes(`(${decision.name})`)).map((decision) => decision.name);
    expect(missing).toEqual([]);
  });

  it('cites only files of the repository that exist', () => {
    const names = codeFileNames();
    const problems: string[] = [];
    for (const decision of decisions) {
      for (const [, cited] of decision.text.matchAll(/`([\w./-]+\.(?:ts|md|yaml|json|toml|js))`/g)) {
        const path = cited as string;
        if (repoRoots.some((root) => path.startsWith(root))) {
          if (!existsSync(new URL(path, repo))) problems.push(`${decision.name}: ${path}`);
        } else if (!path.includes('/') && path.endsWith('.ts') && !names.has(path)) {
          problems.push(`${decision.name}: ${path}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
