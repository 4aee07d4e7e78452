// The sheet as an image (issue 20: the result shared on WhatsApp): the link
// [data-share-image] names the PNG the server draws (scoresheets/matches/share_image.py).
// Where the phone can share files (the Web Share API's navigator.canShare
// with files), a tap fetches it and opens the share sheet with the image;
// elsewhere (a desktop browser, an old phone), and without JavaScript, the
// link downloads it. A share the user closes is no error.

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("[data-share-image]");
  if (!link || !navigator.canShare || !navigator.share || !window.File || !window.fetch) return;
  event.preventDefault();
  const name = link.getAttribute("download") || "rebelote.png";
  link.setAttribute("aria-busy", "true");
  fetch(link.href, { credentials: "same-origin" })
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.blob();
    })
    .then((blob) => {
      const file = new File([blob], name, { type: "image/png" });
      if (!navigator.canShare({ files: [file] })) return download(blob, name);
      return navigator.share({ files: [file], title: link.dataset.shareTitle || "" }).catch((error) => {
        // Closed by the user: nothing to do. Refused (no user gesture left
        // after a slow network): the file is saved instead.
        if (error && error.name !== "AbortError") download(blob, name);
      });
    })
    .catch(() => { window.location.href = link.href; })
    .then(() => link.removeAttribute("aria-busy"));
});
