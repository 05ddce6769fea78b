/** Text in both languages of the site, Chinese first. */
export interface Localized {
	zh: string;
	en: string;
}

/** The languages of the site, Chinese first. */
export type Lang = keyof Localized;
