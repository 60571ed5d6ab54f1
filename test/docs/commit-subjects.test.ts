/**
 * Commit subjects stay short (at most 72 characters, the detail in the body), so that `git log
 * --oneline` reads in one line each. Checked for every commit since the rule was set; earlier
 * history is left as it is (main is never rewritten).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The commit that set the rule (README: what the test command takes). */
const RULE_SET_AT = 'b74c69a';
const SUBJECT_MAX = 72;
/** Commits that broke the rule once they were on main, which is never rewritten: named here, each, so none more slips by. */
const KNOWN_LONG = new Set(['0586914', 'b44e294', 'fd79c5c', '0d28807', 'cd0529b', '1bb39f0', '136dd0e', '711d12e']);

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

function ruleCommitKnown(): boolean {
  try {
    git('cat-file', '-e', `${RULE_SET_AT}^{commit}`);
    return true;
  } catch {
    return false; // a shallow clone or an export without history
  }
}

test.skipIf(!ruleCommitKnown())(`every commit subject since ${RULE_SET_AT} is at most ${SUBJECT_MAX} characters`, () => {
  const commits = git('log', '--format=%H %s', `${RULE_SET_AT}..HEAD`).split('\n').filter(Boolean);
  const long = commits.filter((line) => [...line.slice(41)].length > SUBJECT_MAX);
  const known = (line: string) => [...KNOWN_LONG].some((hash) => line.startsWith(hash));
  expect(long.filter((line) => !known(line)).map((line) => line.slice(41))).toEqual([]);
  expect(long.length, 'every commit named as known to be long is').toBe(KNOWN_LONG.size);
});
