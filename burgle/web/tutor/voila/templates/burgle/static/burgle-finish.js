// Voila's lab template calls this inline at the end of the cells; here it is a file so the
// page needs no inline script (see ../index.html.j2).
window.voila_finish();
