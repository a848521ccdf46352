// Fetch Feedback with nothing to fetch: the notice once, and the assignments still listed.
//
// The course's server extension (grader/student_lab.py) answers such a Fetch Feedback with a
// notice ("No feedback for ... yet"), which nbgrader's list shows in place of all three lists:
// the same paragraph three times, and no assignment until the refresh button is pressed. Now the
// list is loaded again at once and the notice shown above the submitted assignments only.
import { errorElement, refresh, whenLoaded } from './assignment-list.js';

const KINDS = ['released', 'fetched', 'submitted'];

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
  let pending = false; // a Fetch Feedback was pressed and has not answered yet

  document.addEventListener('click', event => {
    const button = event.target instanceof Element && event.target.closest('#submitted_assignments_list button');
    if (button && button.textContent.trim() === 'Fetch Feedback') {
      pending = true;
    }
  }, true);

  const observer = new MutationObserver(async () => {
    if (!pending) {
      return;
    }
    const notice = shownEverywhere();
    if (notice === null) {
      return;
    }
    pending = false;
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
