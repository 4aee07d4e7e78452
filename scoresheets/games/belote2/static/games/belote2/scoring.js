// The phone's scorer of belote for two (BELOTE_3_2.md, "game": "belote2"):
// the family's (games/belote3/scoring.js, the twin of
// scoresheets/games/belote3/engine.py), served under belote2's name so that
// the phone loads it as every game's (ENGINE).

export { BELOTE2 as ENGINE } from "../belote3/scoring.js";
