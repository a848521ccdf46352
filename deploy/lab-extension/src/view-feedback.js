// "(view feedback)" opens the feedback page itself, in a new browser tab.
//
// nbgrader's link only moves the file browser to the folder that holds the page, where
// JupyterLab would show the HTML behind a "Trust HTML" bar. The page is self-contained (no script,
// a Content-Security-Policy that forbids every load), so it opens as the file the server serves
// (/files/...), as it would anywhere else.

const GO_TO_PATH = 'filebrowser:go-to-path';

// The /files/ URL of a file, for the server at `baseUrl`.
export function filesUrl(baseUrl, path) {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return baseUrl.replace(/\/?$/, '/') + 'files/' + encoded;
}

export function activate(app) {
  let clicked = false;
  // nbgrader's link runs GO_TO_PATH with the feedback folder; note that the click came from it.
  document.addEventListener('click', event => {
    const link = event.target instanceof Element && event.target.closest('#submitted_assignments_list a');
    clicked = !!link && link.textContent.includes('view feedback');
  }, true);
  app.commands.commandExecuted.connect((_, { id, args }) => {
    if (id !== GO_TO_PATH || !clicked || !args || !args.path) {
      return;
    }
    clicked = false;
    // Opened now, while the click still counts as the student's, then sent to the page.
    const tab = window.open('', '_blank');
    openPage(app, args.path, tab);
  });
}

async function openPage(app, folder, tab) {
  try {
    const listing = await app.serviceManager.contents.get(folder, { content: true });
    const pages = listing.content.filter(item => item.name.endsWith('.html'))
      .map(item => item.path).sort();
    if (!pages.length) {
      throw new Error(`no feedback page in ${folder}`);
    }
    const url = filesUrl(app.serviceManager.serverSettings.baseUrl, pages[0]);
    if (tab) {
      tab.location.href = url;
    } else {
      window.open(url, '_blank');
    }
  } catch (error) {
    if (tab) {
      tab.close();
    }
    console.error('the feedback page could not be opened:', error);
  }
}
