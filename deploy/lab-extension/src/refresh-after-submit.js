// After Submit, the Assignment List refreshes itself until the submission's feedback shows.
//
// nbgrader's list is loaded once and again only when its refresh button is pressed; a hosted
// course grades a submission within a minute and releases its feedback, which the list then
// never offered by itself. Now, after a Submit, the list is refreshed every INTERVAL_MS for
// WATCH_MS, while the browser tab is visible, until the newest submission of that assignment
// shows its feedback; and, whenever the list is open, once when the browser tab becomes visible
// again (a student back after a while sees what was released meanwhile). At most one timer runs.
import { refresh, rowAssignment, submittedRow } from './assignment-list.js';

export const INTERVAL_MS = 10000;
export const WATCH_MS = 5 * 60 * 1000;
const SHOWN = /\((feedback available to fetch|view feedback)\)/;

// The timestamps of a submitted row's submissions, each with whether its feedback shows.
function submissions(row) {
  return [...row.querySelectorAll('.list_item .item_name')]
    .map(item => item.textContent)
    .filter(text => /\d{4}-\d\d-\d\d/.test(text))
    .map(text => ({ stamp: text.replace(SHOWN, '').trim(), shown: SHOWN.test(text) }));
}

// True when the newest submission of `assignment` shows its feedback.
export function feedbackShown(assignment) {
  const row = submittedRow(assignment);
  const all = row ? submissions(row) : [];
  if (!all.length) {
    return false;
  }
  const newest = all.reduce((a, b) => (b.stamp > a.stamp ? b : a));
  return newest.shown;
}

export function activate() {
  const watched = new Map(); // assignment id -> time its watch ends
  let timer = null;

  const tick = () => {
    const now = Date.now();
    for (const [assignment, until] of watched) {
      if (now > until || feedbackShown(assignment)) {
        watched.delete(assignment);
      }
    }
    if (!watched.size) {
      window.clearInterval(timer);
      timer = null;
      return;
    }
    if (document.visibilityState === 'visible') {
      refresh();
    }
  };

  document.addEventListener('click', event => {
    const button = event.target instanceof Element && event.target.closest('#fetched_assignments_list button');
    const row = button && button.closest('#fetched_assignments_list > .list_item');
    if (!row || button.textContent.trim() !== 'Submit') {
      return;
    }
    watched.set(rowAssignment(row), Date.now() + WATCH_MS);
    if (timer === null) {
      timer = window.setInterval(tick, INTERVAL_MS);
    }
  }, true);

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      refresh();
    }
  });
}
