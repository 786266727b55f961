/** The version label of spec 1 §1, shown in the user menu and What's New. */
export const VERSION = { label: '1.1.22B', date: '2022-01-18' } as const;

/** The Help Center address comes from index.html's meta tag; the spec names none. */
export const helpCenterUrl = () => document.querySelector<HTMLMetaElement>('meta[name="oa-help-center"]')?.content.trim() ?? '';
