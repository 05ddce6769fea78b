/**
 * Keeps each "report a problem" link (`a[data-report]`) current: when a reproduction widget
 * says the reader changed it (share-event.ts), the link's prefilled issue gets the share link
 * of that state, a moment after the last change. Without scripts the link still opens the form
 * with the page and the language.
 */
// The encoder is imported statically: it is smaller than the loader a dynamic import brings.
import { shareHash } from '../islands/repro/share-encode.ts';
import { REPRO_STATE_EVENT, type ReproStateDetail } from '../islands/repro/share-event.ts';
import { withShareUrl } from '../site/report-share.ts';

/** Wait after the last change before encoding, so stepping or typing does not encode each time. */
const SETTLE_MS = 300;

let timer: ReturnType<typeof setTimeout> | undefined;
let latest: ReproStateDetail | undefined;

async function update(): Promise<void> {
	const detail = latest;
	if (!detail) return;
	const hash = await shareHash(detail.state, detail.widget);
	if (detail !== latest) return;
	for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-report]')) {
		const { page, withShare, shareTooLong } = link.dataset;
		if (!page || !withShare || !shareTooLong) continue;
		const shareUrl = new URL(hash, page).href;
		link.href = withShareUrl({ withShare, shareTooLong }, shareUrl);
		link.dataset.shareUrl = shareUrl;
	}
}

document.addEventListener(REPRO_STATE_EVENT, (event) => {
	latest = (event as CustomEvent<ReproStateDetail>).detail;
	clearTimeout(timer);
	timer = setTimeout(() => void update(), SETTLE_MS);
});
