// nbgrader's Assignment List, as its page shows it: the elements and its refresh.
// nbgrader exposes no API for the list, so the course's additions read and press what a student sees.

const KINDS = ['released', 'fetched', 'submitted'];

// The Assignment List's refresh button, or null when the list is not open.
export function refreshButton() {
  return document.getElementById('refresh_assignments_list');
}

// True while one of the three lists is loading (or the list is not open).
export function isLoading() {
  return KINDS.some(kind => {
    const loading = document.getElementById(`${kind}_assignments_list_loading`);
    return !loading || !loading.hidden;
  });
}

// True while a button of the list is busy (Fetching..., submitting...): a refresh would cut it off.
export function isBusy() {
  const list = document.getElementById('submitted_assignments_list');
  const root = list && list.closest('.lm-Widget');
  return !!root && [...root.querySelectorAll('button')].some(b => b.disabled);
}

// Press the list's refresh, as a student would; false when the list is not open or is busy.
export function refresh() {
  const button = refreshButton();
  if (!button || isLoading() || isBusy()) {
    return false;
  }
  button.click();
  return true;
}

// Resolves once the three lists are loaded (or after `timeoutMs`).
export function whenLoaded(timeoutMs = 60000) {
  return new Promise(resolve => {
    const started = Date.now();
    const check = () => {
      if (!isLoading() || Date.now() - started > timeoutMs) {
        resolve();
      } else {
        window.setTimeout(check, 200);
      }
    };
    window.setTimeout(check, 200);
  });
}

// The error paragraph of a list ('released', 'fetched' or 'submitted').
export function errorElement(kind) {
  return document.getElementById(`${kind}_assignments_list_error`);
}

// The row of `assignment` in the submitted list, or null.
export function submittedRow(assignment) {
  const list = document.getElementById('submitted_assignments_list');
  if (!list) {
    return null;
  }
  return [...list.children].find(row => row.classList.contains('list_item')
    && rowAssignment(row) === assignment) || null;
}

// The assignment id a row of the list names.
export function rowAssignment(row) {
  const name = row.querySelector('.item_name');
  return name ? name.textContent.trim() : null;
}
