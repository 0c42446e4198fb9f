import { describe, expect, it } from 'vitest';
import { SellerFileError } from './file-errors';
import { parseSellerFile } from './parse-file';
import { tourShopFile } from './seller-file.test-kit';

const VALID = tourShopFile();

function issuesOf(text: string) {
  try {
    parseSellerFile(text, 'shop.yaml');
  } catch (error) {
    if (error instanceof SellerFileError) return error.issues;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('seller file errors name the path and the line', () => {
  it('accepts a valid file, YAML or JSON', () => {
    const file = parseSellerFile(VALID, 'shop.yaml');
    expect(file.events?.[0]?.ticket_groups?.[0]?.ticket_types[0]?.amount).toBe('12.50');
    expect(parseSellerFile(JSON.stringify(file), 'shop.json')).toEqual(file);
  });

  it('a bad value: its path and its own line', () => {
    const issues = issuesOf(VALID.replace('amount: "12.50"', 'amount: "12,50"'));
    expect(issues).toEqual([
      {
        path: 'events[0].ticket_groups[0].ticket_types[0].amount',
        line: 19,
        message: 'money is a decimal such as "25.00"',
      },
    ]);
  });

  it('an unknown key (a typo): the key and its line', () => {
    const issues = issuesOf(VALID.replace('        capacity: 10', '        capasity: 10'));
    expect(issues).toEqual([
      {
        path: 'events[0].session_rules[0].capasity',
        line: 24,
        message: 'unknown key capasity',
      },
    ]);
  });

  it("checks a group's checkout questions (decision 0064): same_as names a question", () => {
    const questions = [
      '        meta:',
      '          extra_checkout_fields:',
      '            properties:',
      '              school: { title: School }',
      '              school_again: { title: Again, same_as: scool }',
      '        ticket_types:',
    ].join('\n');
    const issues = issuesOf(VALID.replace('        ticket_types:', questions));
    expect(issues).toMatchObject([
      {
        path: 'events[0].ticket_groups[0].meta.extra_checkout_fields.properties.school_again.same_as',
        message: 'same_as names another question of the same form, not "scool"',
      },
    ]);
    const fixed = VALID.replace('        ticket_types:', questions.replace('scool', 'school'));
    const groupMeta = parseSellerFile(fixed, 'shop.yaml').events![0]!.ticket_groups![0]!.meta;
    expect(groupMeta?.extra_checkout_fields?.properties.school_again?.same_as).toBe('school');
  });

  it('a missing key: the object that lacks it', () => {
    const issues = issuesOf(VALID.replace('    name: The Shop\n', ''));
    expect(issues).toMatchObject([{ path: 'venues[0].name', line: 7 }]);
  });

  it('a broken reference and a rule without an end', () => {
    const issues = issuesOf(
      VALID.replace('        ahead_days: 30\n', '').replace(
        '    type: repeating\n',
        '    type: repeating\n    venue: annex\n',
      ),
    );
    expect(issues).toEqual([
      {
        path: 'events[0].session_rules[0]',
        line: 22,
        message: 'give until or ahead_days: a rule needs an end',
      },
      { path: 'events[0].venue', line: 13, message: 'no venue has the key annex' },
    ]);
  });

  it('an RRULE that gives times, and an unknown time zone', () => {
    const issues = issuesOf(
      VALID.replace(
        '        times: ["11:00"]',
        '        repeat: FREQ=DAILY;BYHOUR=11\n        times: ["11:00"]',
      ).replace('Europe/Dublin', 'Europe/Atlantis'),
    );
    expect(issues).toEqual([
      { path: 'seller.timezone', line: 5, message: 'unknown time zone Europe/Atlantis' },
      {
        path: 'events[0].session_rules[0].repeat',
        line: 22,
        message: 'repeat gives dates only: times come from `hours` or `times`',
      },
    ]);
  });

  it('a YAML error (a key twice in one map): its line', () => {
    const issues = issuesOf(
      VALID.replace('    name: Tours\n', '    name: Tours\n    name: Walks\n'),
    );
    expect(issues).toEqual([{ path: '', line: 12, message: 'Map keys must be unique' }]);
  });

  it('duplicate keys: the second one', () => {
    const issues = issuesOf(`${VALID}  - key: tours\n    name: Again\n    type: other\n`);
    expect(issues).toEqual([{ path: 'events[1]', line: 26, message: 'duplicate key tours' }]);
  });

  it('the message lists each problem as file:line', () => {
    expect(() => parseSellerFile(VALID.replace('EUR', 'euro'), 'shop.yaml')).toThrow(
      /shop\.yaml:4 {2}seller\.currency: an ISO 4217 code such as USD/,
    );
  });

  it('a CityPASS pattern that nests repetitions or that RE2 cannot run (issue 22)', () => {
    const issues = issuesOf(
      VALID.replace(
        '  timezone: Europe/Dublin\n',
        [
          '  timezone: Europe/Dublin',
          '  settings:',
          '    citypass_code_groups:',
          '      citypass:',
          "        adult_regexp: '(a+)+b'",
          "        child_regexp: '(?=C)C\\d{7}'",
          '      plain:',
          "        adult_regexp: '\\d{10}'",
          "        child_regexp: 'C\\d{9}'",
          '',
        ].join('\n'),
      ),
    );
    expect(issues).toEqual([
      {
        path: 'seller.settings.citypass_code_groups.citypass.adult_regexp',
        line: 9,
        message: 'nests one repetition in another (such as (a+)+): write it without, e.g. a+',
      },
      {
        path: 'seller.settings.citypass_code_groups.citypass.child_regexp',
        line: 10,
        message: expect.stringContaining('not a pattern the server can run'),
      },
    ]);
  });
});
