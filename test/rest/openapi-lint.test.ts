import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { beforeAll, describe, expect, test } from 'vitest';
import { useHttpSuite } from './support/http-suite';
import { SPECTRAL_WAIVERS, type Waiver } from './openapi-waivers';

/**
 * Spectral's OpenAPI rules and the OWASP API Security ruleset on the document the server serves:
 * no error but the waived ones (test/rest/openapi-waivers.ts), and no waiver left matching nothing.
 */
const s = useHttpSuite();

const ERROR = 0;
const pathOf = (finding: ISpectralDiagnostic) => finding.path.join('.');
let doc: unknown;
const found = (finding: ISpectralDiagnostic) => finding.path.reduce<any>((at, key) => at?.[key], doc);
const waives = (waiver: Waiver, finding: ISpectralDiagnostic) =>
  waiver.rule === finding.code && waiver.where.test(pathOf(finding)) && (!waiver.when || waiver.when(found(finding)));
const waiverFor = (finding: ISpectralDiagnostic): Waiver | undefined => SPECTRAL_WAIVERS.find((waiver) => waives(waiver, finding));

let findings: ISpectralDiagnostic[];
beforeAll(async () => {
  const text = await (await s.t.request('/openapi.json', { token: null })).text();
  doc = JSON.parse(text);
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas, owasp] } as unknown as RulesetDefinition);
  // The ruleset packages are CommonJS: their parsers come as the default export's members.
  const { Json } = (spectralParsers as unknown as { default?: typeof spectralParsers }).default ?? spectralParsers;
  findings = await spectral.run(new Document(text, Json, 'openapi.json'));
  // Spectral took 2–10 s on a busy 2-core machine: room for a slower turn.
}, 60_000);

describe('Spectral (spectral:oas + OWASP) on the served document', () => {
  test('the rulesets ran: the waived findings are there', () => {
    expect(findings.filter((finding) => finding.code === 'owasp:api1:2023-no-numeric-ids').length).toBeGreaterThan(0);
  });

  test('has no error that is not waived', () => {
    const unwaived = findings.filter((finding) => finding.severity === ERROR && !waiverFor(finding));
    expect(unwaived.map((finding) => `${finding.code} at ${pathOf(finding)}: ${finding.message}`)).toEqual([]);
  });

  test('every waiver still matches an error, and gives its reason', () => {
    const errors = findings.filter((finding) => finding.severity === ERROR);
    for (const waiver of SPECTRAL_WAIVERS) {
      expect(waiver.reason.length, `${waiver.rule} ${waiver.where}`).toBeGreaterThan(40);
      const matched = errors.filter((finding) => waives(waiver, finding));
      expect(matched.length, `the waiver of ${waiver.rule} at ${waiver.where} matches nothing: remove it`).toBeGreaterThan(0);
    }
  });
});
