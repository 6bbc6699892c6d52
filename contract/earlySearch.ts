/**
 * Find's first page of results, asked by an inline script of its prerendered HTML (scripts/prerender.ts) while
 * the app's scripts download: that list is the page's largest paint, and it needs both the scripts and this
 * answer. The script asks exactly what Find's first render asks (no name, no position yet; its category `c` and
 * city `v` from the address; the stored user's id and token, page 0 of 50) and leaves the pending answer in
 * `window[EARLY_SEARCH_GLOBAL]`; the app's first search takes it only for the same address and the same token,
 * during its start-up (src/api/earlySearch.ts), and drops it otherwise. Without a stored session it asks nothing,
 * nor with a typed name in the address (`n`, kept there for Back) or a Home row's filter (`filtre`, 'Tout voir'):
 * that first page is not the list the user sees.
 * The server allows exactly this text in its Content-Security-Policy (its sha256): change it here only.
 */
export const EARLY_SEARCH_GLOBAL = '__earlySearch'

export const EARLY_SEARCH_SCRIPT =
  "(function(w){try{var u=JSON.parse(localStorage.getItem('user')),t=u&&u.access_token,id=u&&u.userId&&u.userId.id;if(typeof t!=='string'||typeof id!=='number')return;var s=new URLSearchParams(location.search),q=new URLSearchParams(),c=s.get('c'),v=s.get('v');if(s.get('n')||s.get('filtre'))return;q.set('pageSize','50');if(c)q.set('categoryId',String(Number(c)));if(v)q.set('city',v);q.set('userId',String(id));q.set('page','0');var url='/api/partners/search?'+q,r=fetch(url,{headers:{Accept:'application/json',Authorization:'Bearer '+t}});r.catch(function(){});w.__earlySearch={url:url,token:t,response:r}}catch(e){}})(window)"
