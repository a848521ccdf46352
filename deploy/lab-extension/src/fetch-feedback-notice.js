// Fetch Feedback with nothing to fetch: the notice once, and the assignments still listed.
//
// The course's server extension (grader/student_lab.py) answers such a Fetch Feedback with a
// notice ("No feedback for ... yet"), which nbgrader's list shows in place of all three lists:
// the same paragraph three times, and no assignment until the refresh button is pressed. Now the
// list is loaded again at once and the notice shown above the submitted assignments only.
import { errorElement, refresh, whenLoaded } from './assignment-list.js';

const KINDS = ['released', 'fetched', 'submitted'];
// How long after Fetch Feedback is pressed its answer is awaited (nbgrader's own errors later on,
// e.g. an exchange that cannot be read, are left as nbgrader shows them).
const ANSWER_MS = 60000;

// The notice nbgrader shows in all three lists, or null.
function shownEverywhere() {
  const shown = KINDS.map(errorElement).filter(el => el && !el.hidden && el.textContent.trim());
  if (shown.length !== KINDS.length) {
    return null;
  }
  const text = shown[0].textContent;
  return shown.every(el => el.textContent === text) ? text : null;
}

export function activate() {
  let pendingUntil = 0; // a Fetch Feedback was pressed: its answer is awaited until then

  document.addEventListener('click', event => {
    const button = event.target instanceof Element && event.target.closest('#submitted_assignments_list button');
    if (button && button.textContent.trim() === 'Fetch Feedback') {
      pendingUntil = Date.now() + ANSWER_MS;
    }
  }, true);

  const observer = new MutationObserver(async () => {
    if (Date.now() > pendingUntil) {
      return;
    }
    const notice = shownEverywhere();
    if (notice === null) {
      return;
    }
    pendingUntil = 0;
    if (!refresh()) {
      return;
    }
    await whenLoaded();
    const submitted = errorElement('submitted');
    if (submitted) {
      submitted.innerText = notice;
      submitted.hidden = false;
    }
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
}
