// The course's additions to nbgrader's Assignment List, in student mode (make lab and the hub).
// One job per module; assignment-list.js reads and presses the list as a student sees it.
import * as fetchFeedbackNotice from './fetch-feedback-notice.js';
import * as refreshAfterSubmit from './refresh-after-submit.js';
import * as viewFeedback from './view-feedback.js';

const plugin = {
  id: '@autograd-course/assignment-list:plugin',
  description: "nbgrader's Assignment List: feedback opens as a page, the list refreshes itself after Submit, "
    + "Fetch Feedback's notice once.",
  autoStart: true,
  activate: app => {
    viewFeedback.activate(app);
    refreshAfterSubmit.activate();
    fetchFeedbackNotice.activate();
  }
};

export default plugin;
