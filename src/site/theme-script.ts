/**
 * The one inline script of every page: it applies the saved theme before the first paint, so a
 * dark-mode reader never sees a flash (a module script would run too late). Its text is fixed, so
 * the Content-Security-Policy allows it by hash (src/site/csp.ts); keep the storage key in step
 * with src/scripts/theme.ts.
 */
export const THEME_SCRIPT =
	"try{var t=localStorage.getItem('casebook-theme');" +
	"if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}";
