/**
 * The signature registry: every error signature of every case, in one ordered list, built from
 * the case files (the single source of truth). `/signatures.json`, the `/e/<id>/` pages, the
 * triage page and `casebook explain` all read it. Pure.
 */
import { caseUrl, permalink } from '../triage/case-url.ts';
import type { SignatureEntry } from '../triage/signature-entry.ts';
import type { CaseFacts, Lang, Localized } from './schema.ts';
import { LANGS, labelIn } from './schema.ts';

/** What the registry needs to know about one case. */
export interface RegistryCase {
	slug: string;
	facts: Pick<CaseFacts, 'signatures'>;
	/** The case title per language, where the page exists. */
	titles?: Partial<Localized>;
}

/** A registry entry: the signature, its case, its permalink and the case section per language. */
export interface RegistryEntry extends SignatureEntry {
	samples: readonly string[];
	permalink: string;
	/** `/zh/cases/<slug>/#<anchor>` and `/en/…`. */
	urls: Localized;
	title?: Partial<Localized>;
}

/** The registry as served at `/signatures.json`. */
export interface Registry {
	/** Bumped when the shape of an entry changes incompatibly. */
	version: 1;
	signatures: RegistryEntry[];
}

/** Registry format version; see {@link Registry.version}. */
export const REGISTRY_VERSION = 1;

/**
 * Builds the registry: cases in slug order, signatures in file order (that order is the
 * matching order). Throws when two signatures share an id, naming both cases.
 */
export function buildRegistry(cases: readonly RegistryCase[]): Registry {
	const owners = new Map<string, string>();
	const signatures: RegistryEntry[] = [];
	const sorted = [...cases].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
	for (const { slug, facts, titles } of sorted) {
		for (const signature of facts.signatures) {
			const owner = owners.get(signature.id);
			if (owner !== undefined) {
				throw new Error(
					`signature id "${signature.id}" is used by case "${owner}" and by case "${slug}"; ` +
						'ids are permalinks (/e/<id>/) and must be unique: rename the newer one.',
				);
			}
			owners.set(signature.id, slug);
			const urls = Object.fromEntries(
				LANGS.map((lang: Lang) => [lang, caseUrl(slug, signature.anchor, lang)]),
			) as unknown as Localized;
			const entry: RegistryEntry = {
				id: signature.id,
				case: slug,
				module: signature.module,
				pattern: signature.pattern,
				also: signature.also,
				unless: signature.unless,
				anchor: signature.anchor,
				samples: signature.samples,
				permalink: permalink(signature.id),
				urls,
			};
			// Tools read the registry in English; the pages show each language's label.
			if (signature.versions !== undefined) entry.versions = labelIn(signature.versions, 'en');
			if (signature.hint) entry.hint = true;
			if (titles && Object.keys(titles).length > 0) entry.title = titles;
			signatures.push(entry);
		}
	}
	return { version: REGISTRY_VERSION, signatures };
}

/** The registry entry with this id. */
export function findSignature(registry: Registry, id: string): RegistryEntry | undefined {
	return registry.signatures.find((entry) => entry.id === id);
}
