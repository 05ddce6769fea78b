/**
 * The code index page's scripts: family / module / explained-only filters (kept in the URL hash
 * as `#family=…&module=…`, so a link can open a filtered index) and a look-up box that opens a
 * code's page from any spelling (`ee1023`, `0x07020023`, `117571619`, a constant name).
 */
import { candidateIds } from '../codes/code-id.ts';

function fill(template: string, values: Record<string, string | number>): string {
	return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Wires the filter form (it stays hidden when scripts are off: every code is listed then). */
export function initCodeFilters(form: HTMLFormElement): void {
	const family = form.elements.namedItem('family') as HTMLSelectElement;
	const module = form.elements.namedItem('module') as HTMLSelectElement;
	const explained = form.elements.namedItem('explained') as HTMLInputElement;
	const count = document.querySelector<HTMLElement>('[data-codes-count]');
	const none = document.querySelector<HTMLElement>('[data-codes-none]');

	const fromHash = () => {
		const params = new URLSearchParams(location.hash.replace(/^#/, ''));
		const wanted = params.get('family') ?? '';
		family.value = [...family.options].some((o) => o.value === wanted) ? wanted : '';
		const wantedModule = params.get('module') ?? '';
		module.value = [...module.options].some((o) => o.value === wantedModule) ? wantedModule : '';
	};

	const apply = () => {
		let shown = 0;
		document.querySelectorAll<HTMLElement>('[data-code-family]').forEach((section) => {
			const familyMatches =
				(family.value === '' || section.dataset.codeFamily === family.value) &&
				(module.value === '' || section.dataset.codeModule === module.value);
			let inSection = 0;
			section.querySelectorAll<HTMLElement>('[data-code]').forEach((row) => {
				const visible = familyMatches && (!explained.checked || row.dataset.explained === 'yes');
				row.hidden = !visible;
				if (visible) inSection++;
			});
			section.hidden = inSection === 0;
			shown += inSection;
		});
		if (count) count.textContent = fill(count.dataset.template ?? '{n}', { n: shown });
		if (none) none.hidden = shown > 0;
	};

	const writeHash = () => {
		const params = new URLSearchParams();
		if (family.value) params.set('family', family.value);
		if (module.value) params.set('module', module.value);
		const hash = params.toString();
		history.replaceState(history.state, '', hash ? `#${hash}` : location.pathname);
	};

	form.addEventListener('change', () => {
		writeHash();
		apply();
	});
	form.addEventListener('submit', (event) => event.preventDefault());
	window.addEventListener('hashchange', () => {
		fromHash();
		apply();
	});
	form.hidden = false;
	fromHash();
	apply();
}

/** Wires the look-up box: the typed spelling opens the page of the code it names. */
export function initCodeLookup(form: HTMLFormElement): void {
	const input = form.elements.namedItem('q') as HTMLInputElement;
	const message = form.querySelector<HTMLElement>('[data-lookup-message]');
	const ids = new Map<string, string>();
	document.querySelectorAll<HTMLElement>('[data-code]').forEach((row) => {
		const id = row.dataset.code!;
		ids.set(id, id);
		for (const name of (row.dataset.names ?? '').split(' ').filter(Boolean)) ids.set(name, id);
	});
	form.addEventListener('submit', (event) => {
		event.preventDefault();
		const query = input.value.trim();
		const id = candidateIds(query)
			.map((candidate) => ids.get(candidate))
			.find((found) => found !== undefined);
		if (id) {
			location.href = `${location.pathname.replace(/\/codes\/.*$/, '/codes/')}${id}/`;
			return;
		}
		if (message) message.textContent = fill(message.dataset.template ?? '', { q: query });
	});
	form.hidden = false;
}
