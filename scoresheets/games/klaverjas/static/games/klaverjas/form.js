// The klaverjas hand form's roem chips (games/klaverjas/_fields.html): each
// "+20", "+50", "+100", "+200" adds to its team's roem field, "Effacer" sets
// it back to nothing; the form hears an input (the preview follows).
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-roem-add]");
  if (!button) return;
  const field = document.getElementById(button.dataset.roemField);
  if (!field) return;
  const add = Number(button.dataset.roemAdd);
  const now = Number(field.value) || 0;
  field.value = add ? String(now + add) : "";
  field.dispatchEvent(new Event("input", { bubbles: true }));
});
