/**
 * Find's first rows drawn from the HTML, before any script of the app has run. Find's largest paint is its list,
 * and React draws it only after ≈ 170 KB of script; the early search's answer (contract/earlySearch.ts) is there
 * much sooner. The build (scripts/prerender.ts) puts in Find's HTML, after #root:
 * - the slot (PAGE_ROWS_ATTRIBUTE), over the skeleton, where the screen's list will be (phones only);
 * - a <template> (PAGE_ROWS_TEMPLATE_ATTRIBUTE) holding two rows rendered by the real PartnerRow from
 *   PAGE_ROWS_SAMPLE's markers: the first with every part (photo, rating, distance, one offer), the second
 *   without a photo (its placeholder icon); their class names prefixed (PAGE_ROWS_CLASS_PREFIX) and their CSS
 *   kept apart from styled-components' own sheet;
 * - PAGE_ROWS_SCRIPT, which fills copies of the first row with the answer's partners.
 * The screen then hands over to its own rows, drawn in the same place at the same size (src/prerender/pageRows.ts).
 */
export const PAGE_ROWS_ATTRIBUTE = 'data-page-rows'
export const PAGE_ROWS_TEMPLATE_ATTRIBUTE = 'data-page-rows-template'
/** What the template's class names start with: never a name styled-components gives (`sc-…` or letters). */
export const PAGE_ROWS_CLASS_PREFIX = 'pr-'

/**
 * The markers the template's sample partner carries in place of its texts and ids (the script replaces them).
 * Its rating (2.5) draws each kind of star once (full, half, empty), which the script reuses; its distance,
 * photo, rating and offer make every optional part present, which the script removes when a partner lacks it.
 */
export const PAGE_ROWS_MARKERS = {
  id: '@@id@@',
  name: '@@name@@',
  categories: '@@categories@@',
  address: '@@address@@',
  city: '@@city@@',
  count: '@@count@@',
  offer: '@@offer@@',
  image: '@@image@@',
} as const

/**
 * Draws the early search's rows into the slot when its answer arrives: only an answer of 200 for the token still
 * stored, only while the slot is on the page (the screen removes it when it draws its own rows, anything else,
 * or when the criteria change), a screenful (a row is at least 96 px high) and one more, 12 at most, and all
 * of them or none (a partner the script cannot read leaves the slot empty). Each row is a copy of the template's
 * first row: texts set as text (never parsed as HTML), the link to the partner's page (a tap before the app
 * starts opens that page), the photo's srcset rebuilt from its widths (contract/images.ts's URLs), the rating's
 * stars and label as StarRating writes them, the distance as formatDistance, the parts a partner lacks removed.
 * It reads a copy of the answer (`clone`), so the app's own read of it is untouched. Once the rows are painted
 * (the frame after they were added), or nothing was drawn, it fires `pagerows` on the document: the page's
 * scripts start then (SCRIPT_LOADER), not competing with the rows for the network and the main thread. Kept
 * equal to the screen's rows by e2e/prerender.spec.ts (same markup, same boxes).
 * The server allows exactly this text in its Content-Security-Policy (its sha256): change it here only.
 */
export const PAGE_ROWS_SCRIPT =
  "(function(w,d){var e=w.__earlySearch,t=d.querySelector('template[data-page-rows-template]');function done(){requestAnimationFrame(function(){setTimeout(function(){d.dispatchEvent(new Event('pagerows'))},0)})}if(!e||!t||!d.querySelector('[data-page-rows]'))return done();e.response.then(function(r){return r.ok?r.clone().json():null}).then(function(list){var slot=d.querySelector('[data-page-rows]'),u=JSON.parse(localStorage.getItem('user'));if(!slot||!Array.isArray(list)||!u||u.access_token!==e.token)return;var rows=t.content.children,full=rows[0],bare=rows[1].querySelector('a').firstElementChild,stars={},n=Math.min(12,Math.ceil(w.innerHeight/96)+1),f=d.createDocumentFragment(),i;[].forEach.call(full.querySelectorAll('[data-star]'),function(s){stars[s.getAttribute('data-star')]=s.querySelector('path').getAttribute('d')});function fill(el,map){var k=d.createTreeWalker(el,4),x,m;while((x=k.nextNode()))for(m in map)x.nodeValue=x.nodeValue.split(m).join(map[m])}function km(v){var r=v<10?Math.round(v*10)/10:Math.round(v),p=String(r).split('.');return p[0].replace(/\\B(?=(\\d{3})+$)/g,'\\u202f')+(p[1]?','+p[1]:'')+' km'}function row(p){var el=d.importNode(full,true),a=el.querySelector('a'),th=a.firstElementChild,st=el.querySelector('[data-star]').parentNode,ra=st.parentNode,me=ra.parentNode,di=ra.nextElementSibling,ul=el.querySelector('ul'),li=ul.firstElementChild,im=p.images[0],r=p.rating,c=p.userRatingsTotal,o=p.discountOffers;a.setAttribute('href','/partenaire/'+p.partnerId.id);fill(el,{'@@name@@':p.name,'@@categories@@':p.categories.map(function(x){return x.label}).join(' \\u2022 '),'@@address@@':p.location.address,'@@city@@':p.location.city});if(im){var pic=th.querySelector('picture'),img=pic.querySelector('img'),ws=im.variantWidths;[].forEach.call(pic.querySelectorAll('source'),function(s){if(!ws.length)return s.remove();var fm=s.type.split('/')[1];s.setAttribute('srcset',ws.map(function(x){return '/uploads/'+im.id+'-'+x+'.'+fm+' '+x+'w'}).join(', '))});img.setAttribute('src',im.url);im.width!=null?img.setAttribute('width',im.width):img.removeAttribute('width');im.height!=null?img.setAttribute('height',im.height):img.removeAttribute('height')}else th.innerHTML=bare.innerHTML;if(r!=null&&c!=null){var h=Math.min(5,Math.max(0,Math.round(r*2)/2));ra.setAttribute('aria-label','Note : '+String(h).replace('.',',')+' sur 5 ('+c+' avis)');[].forEach.call(st.children,function(s,j){var k=h>=j+1?'full':h>=j+0.5?'half':'empty';s.setAttribute('data-star',k);s.querySelector('path').setAttribute('d',stars[k])});ra.lastElementChild.textContent='('+c+')'}else ra.remove();if(p.distanceToUser!=null){while(di.lastChild&&di.lastChild.nodeType!==1)di.removeChild(di.lastChild);di.appendChild(d.createTextNode(km(p.distanceToUser)))}else di.remove();if(!me.firstElementChild)me.remove();ul.textContent='';o.forEach(function(x){var y=li.cloneNode(true);fill(y,{'@@offer@@':x.libelle});ul.appendChild(y)});if(!o.length)ul.remove();return el}for(i=0;i<Math.min(n,list.length);i++)f.appendChild(row(list[i]));slot.appendChild(f)}).catch(function(){}).then(done)})(window,document)"
