/** The theme switch: a select whose choice is applied to <html data-theme> and remembered. */

const KEY = 'casebook-theme';
type Theme = 'system' | 'light' | 'dark';

function isTheme(value: string | null): value is Theme {
	return value === 'system' || value === 'light' || value === 'dark';
}

function readSaved(): Theme {
	try {
		const saved = localStorage.getItem(KEY);
		return isTheme(saved) ? saved : 'system';
	} catch {
		return 'system';
	}
}

/** Wires one theme switch (a label wrapping a select) and shows it. */
export function initThemeSwitch(root: HTMLElement): void {
	const select = root.querySelector('select');
	if (!select) return;
	select.value = readSaved();
	select.addEventListener('change', () => {
		const theme = isTheme(select.value) ? select.value : 'system';
		document.documentElement.dataset.theme = theme;
		try {
			if (theme === 'system') localStorage.removeItem(KEY);
			else localStorage.setItem(KEY, theme);
		} catch {
			// Private mode: the choice lasts for this page only.
		}
	});
	root.hidden = false;
}
