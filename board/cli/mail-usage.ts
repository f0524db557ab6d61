/** The `mail` lines of `npm run board -- --help` (apart from mail.ts, so `play` loads none of it). */
export const MAIL_USAGE = `       npm run board -- mail new --players "Ann:red,Bob:blue" --out GAME.json [--banker NAME] [--scenario FILE] [--force]
                                 [--keys NAME=NAME.pub,NAME=NAME.pub]
       npm run board -- mail send --game GAME.json --events MOVES.json --player NAME --out TURN.o2turn
                                  [--orders wait|bot:LEVEL] [--stick LEVEL] [--key NAME.key]
       npm run board -- mail open --game GAME.json --turn TURN.o2turn --out GAME.json
       npm run board -- mail key --player NAME --out NAME.key --public NAME.pub
  Play by mail: every player keeps a copy of GAME.json; a turn is a file (its text also fits after
  "#" in a link) with the events since the last turn, chained to the last turn by its hash.
  mail new    sets the game up (rule 1; colours as in "Ann:red") and writes GAME.json; a game by mail
              already there is not replaced unless --force is given
  mail send   applies NAME's events (a JSON list, or one event a line) to GAME.json, writes the turn
              to TURN.o2turn and GAME.json (now at that turn) together; nothing is written if one is refused
  mail key    makes a player's key pair for a signed game: NAME.key stays with them (it signs their
              turns), NAME.pub goes to whoever makes the game (mail new --keys, one for every player)
  --key       in a signed game, your key file: every turn is signed by its sender, and a turn edited,
              hashed again or made in another player's name is refused on opening
  mail open   checks a turn (not edited, for this game, the next one, every event accepted by the rules
              and its sender's own) and writes the game after it to --out (GAME.json itself, or another
              file); a refused turn writes nothing. A battle the bots fought alone (--stick) is fought
              again here on the emulated machine: a result other than the turn's refuses it
  No output may be an input or another output (links count): the turn is never GAME.json or MOVES.json.
  --orders    your standing orders, sent with the turn: what happens to a battle against you while you
              are away: "wait" (kept until both are online; the default) or bot:easy|medium|hard
              (fought on the emulated machine by the battle bot in your place at that level)
  --stick     the level of the bot that holds your own control in a battle fought by another
              player's standing orders (easy, medium or hard); such a battle is recorded in the turn
              and every player opening it fights it again`;
