/** The fields of a party that templates can name, after FROM_ (the sender) or TO_ (the recipient). */
const PARTY_FIELDS = ['CODE', 'NAME', 'EMAIL', 'ADDRESS', 'TOWN', 'STATE', 'POSTCODE', 'PHONE1', 'PHONE2', 'NOTES'] as const;

export interface PlaceholderGroup {
  title: string;
  tokens: string[];
}

/** The placeholders a template body may hold (spec 3 §9), grouped as the Insert field menu lists them. */
export const PLACEHOLDER_GROUPS: readonly PlaceholderGroup[] = [
  { title: 'From (sender)', tokens: PARTY_FIELDS.map((f) => `FROM_${f}`) },
  { title: 'To (recipient)', tokens: PARTY_FIELDS.map((f) => `TO_${f}`) },
  { title: 'User', tokens: ['USER_NAME', 'USER_EMAIL'] },
  { title: 'Report', tokens: ['RPT_YEAR', 'RPT_MONTH', 'RPT_PERIOD', 'RPT_NAME'] },
];

/**
 * The text to insert for a token: the token itself, with a space before it when it would
 * otherwise run into the preceding word (the server replaces whole tokens only).
 */
export function insertionText(token: string, textBefore: string): string {
  return textBefore && /\w$/.test(textBefore) ? ` ${token}` : token;
}
