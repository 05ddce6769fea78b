/** Home-page filters: hide the cases (and empty groups) that do not match the chosen selects. */

/** Wires the filter form and shows it (it stays hidden when scripts are off). */
export function initFilters(form: HTMLFormElement): void {
	const component = form.elements.namedItem('component') as HTMLSelectElement | null;
	const product = form.elements.namedItem('product') as HTMLSelectElement | null;
	const none = document.querySelector<HTMLElement>('[data-filters-none]');
	if (!component || !product) return;

	const apply = () => {
		let shown = 0;
		document.querySelectorAll<HTMLElement>('[data-group]').forEach((group) => {
			let inGroup = 0;
			group.querySelectorAll<HTMLElement>('.case-card').forEach((card) => {
				const products = (card.dataset.products ?? '').split(' ');
				const visible =
					(component.value === '' || card.dataset.component === component.value) &&
					(product.value === '' || products.includes(product.value));
				card.hidden = !visible;
				if (visible) inGroup++;
			});
			group.hidden = inGroup === 0;
			shown += inGroup;
		});
		if (none) none.hidden = shown > 0;
	};

	form.addEventListener('change', apply);
	form.addEventListener('submit', (event) => event.preventDefault());
	form.hidden = false;
	apply();
}
