/**
 * Search-as-you-type with Pagefind. The index script is imported on first use; results are built
 * with DOM nodes and text only (a Pagefind excerpt is copied element by element, keeping just
 * its <mark> highlights), so nothing typed is ever parsed as HTML into the page.
 */

interface PagefindSubResult {
	title: string;
	url: string;
	excerpt: string;
}
interface PagefindResultData {
	url: string;
	excerpt: string;
	meta: { title?: string };
	/** One per heading with an id on the page. */
	sub_results?: PagefindSubResult[];
}

/**
 * The part of a result to link: the heading named exactly as the query when the page has one
 * (a diagnostic code typed in full lands on its anchor), otherwise the page.
 */
export function resultTarget(
	item: PagefindResultData,
	query: string,
): { url: string; title: string; excerpt: string } {
	const wanted = query.trim().toLowerCase();
	const heading = item.sub_results?.find((s) => s.title.trim().toLowerCase() === wanted);
	const page = item.meta.title ?? item.url;
	return heading
		? { url: heading.url, title: `${page} › ${heading.title}`, excerpt: heading.excerpt }
		: { url: item.url, title: page, excerpt: item.excerpt };
}
interface PagefindApi {
	options(options: Record<string, unknown>): Promise<void>;
	debouncedSearch(
		query: string,
		options?: Record<string, unknown>,
		ms?: number,
	): Promise<{ results: Array<{ data(): Promise<PagefindResultData> }> } | null>;
}

const MAX_RESULTS = 8;
let pagefind: Promise<PagefindApi> | undefined;

function loadPagefind(): Promise<PagefindApi> {
	// The URL is built at run time so the bundler leaves the index script out of the page.
	const url = '/pagefind/pagefind.js';
	pagefind ??= (import(/* @vite-ignore */ url) as Promise<PagefindApi>).then(async (api) => {
		// Thousands of short error-code pages make the average page short; with Pagefind's default
		// length normalisation (0.75) every long case page then loses to them on a word query.
		await api.options({ excerptLength: 24, ranking: { pageLength: 0.2 } });
		return api;
	});
	return pagefind;
}

/** Copies a Pagefind excerpt into `target` as text, keeping only its <mark> elements. */
export function appendExcerpt(target: HTMLElement, excerptHtml: string): void {
	const doc = new DOMParser().parseFromString(`<body>${excerptHtml}</body>`, 'text/html');
	for (const node of Array.from(doc.body.childNodes)) {
		if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === 'MARK') {
			const mark = document.createElement('mark');
			mark.textContent = node.textContent;
			target.append(mark);
		} else {
			target.append(document.createTextNode(node.textContent ?? ''));
		}
	}
}

function message(results: HTMLElement, text: string): void {
	const p = document.createElement('p');
	p.textContent = text;
	results.replaceChildren(p);
	results.hidden = false;
}

/** Wires one search form: live results under the box, Escape to close. */
export function initSearch(form: HTMLFormElement): void {
	const input = form.querySelector<HTMLInputElement>('input[type="search"]');
	const results = form.querySelector<HTMLElement>('.search__results');
	if (!input || !results) return;
	const { none = '', loading = '', failed = '' } = form.dataset;
	let latest = 0;

	const update = async () => {
		const query = input.value.trim().slice(0, 200);
		const ticket = ++latest;
		if (query === '') {
			results.hidden = true;
			results.replaceChildren();
			return;
		}
		message(results, loading);
		try {
			const api = await loadPagefind();
			const search = await api.debouncedSearch(query, {}, 150);
			if (search === null || ticket !== latest) return;
			const data = await Promise.all(search.results.slice(0, MAX_RESULTS).map((r) => r.data()));
			if (ticket !== latest) return;
			if (data.length === 0) {
				message(results, none);
				return;
			}
			const list = document.createElement('ul');
			for (const item of data) {
				const target = resultTarget(item, query);
				const li = document.createElement('li');
				const a = document.createElement('a');
				a.href = target.url;
				const title = document.createElement('span');
				title.className = 'search__title';
				title.textContent = target.title;
				const excerpt = document.createElement('span');
				excerpt.className = 'search__excerpt';
				appendExcerpt(excerpt, target.excerpt);
				a.append(title, excerpt);
				li.append(a);
				list.append(li);
			}
			results.replaceChildren(list);
			results.hidden = false;
		} catch {
			if (ticket === latest) message(results, failed);
		}
	};

	input.addEventListener('input', () => void update());
	form.addEventListener('submit', (event) => {
		event.preventDefault();
		void update();
	});
	form.addEventListener('keydown', (event) => {
		if (event.key === 'Escape') {
			results.hidden = true;
			input.focus();
		}
	});
	// A query in the address (?q=…, from a search submitted without scripts) runs at once.
	const initial = new URLSearchParams(location.search).get('q');
	if (initial && form.classList.contains('search--large')) {
		input.value = initial;
		void update();
	}
}
