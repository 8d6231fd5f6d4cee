//! The words of the workflow mail — answers to orders sent by mail, calls for orders,
//! reminders, deadline notices — in every language dikast writes, so that a player reads
//! what became of his orders in his own (campaign.yaml's `players.<side>.language`; the
//! moderator's, `mail.moderator_language`). Why a message was refused is data
//! (`Refusal`): the player's answer words it in his language, the receipt in English.

use crate::lang::Lang;

/// The fixed phrases of the workflow mail, one table a language (as `report.rs` keeps a
/// report's): every phrase that carries no fact. Sentences with facts in them stay side
/// by side in both languages where they are written.
struct Words {
    html_only: &'static str,
    empty: &'static str,
    no_game_line: &'static str,
    wrong_token: &'static str,
    no_token: &'static str,
    token_outside: &'static str,
    without_token: &'static str,
    token_outside_hint: &'static str,
    holds_hint: &'static str,
    /// The word before the turn number in every subject.
    turn: &'static str,
    refused: &'static str,
    accepted: &'static str,
    accepted_late: &'static str,
    set_aside: &'static str,
    stranger: &'static str,
    taken_back: &'static str,
    call: &'static str,
    reminder: &'static str,
    forged: &'static str,
    late_mark: &'static str,
    warnings_above: &'static str,
    until_adjudicated: &'static str,
    awaited: &'static str,
    not_awaited: &'static str,
    no_deadline: &'static str,
    /// An empty list of sides.
    nobody: &'static str,
    moderators_report: &'static str,
}

const EN: Words = Words {
    html_only: "the message has only an HTML body: send your orders as plain text, or attach them as a .yaml file",
    empty: "the message holds no orders: no .yaml attachment and no text",
    no_game_line: "the message holds no orders: no .yaml attachment, and no line of its text starts with `game:`",
    wrong_token: "the turn token (`token:`) is wrong",
    no_token: "the orders carry no turn token (`token:`)",
    token_outside: "your turn token appears in the orders outside their `token:` line",
    without_token: "the orders do not check out once their `token:` line is emptied",
    token_outside_hint: "Keep the token on its own `token:` line, as the template has it, and nowhere else (not in `entropy:` nor in a comment): orders are archived, and published when the game is over, without that line.\n\n",
    holds_hint: "Orders are archived, and published when the game is over: they must hold no e-mail address and no turn token, in a comment or anywhere else. Take it out and send them again.\n\n",
    turn: "Turn",
    refused: "orders refused",
    accepted: "orders accepted",
    accepted_late: "orders accepted, late",
    set_aside: "the receipts of orders by mail were set aside",
    stranger: "a message from an unknown sender was refused",
    taken_back: "adjudication taken back — correction",
    call: "your orders, template and turn token",
    reminder: "reminder — ",
    forged: "If you did not send this message, someone else may be writing in your name: nothing of it was stored, and orders count only with your turn token. Tell the moderator if it goes on.\n",
    late_mark: " (LATE)",
    warnings_above: "; the warnings above",
    until_adjudicated: "You may replace them by sending new orders until the turn is adjudicated.\n",
    awaited: "Your orders are awaited this turn.\n",
    not_awaited: "This step awaits no orders of yours (you may still send standing orders).\n",
    no_deadline: "No deadline is set.\n",
    nobody: "none",
    moderators_report: "moderator's report",
};

const RU: Words = Words {
    html_only: "в письме есть только HTML: пришлите приказы простым текстом или приложите файл .yaml",
    empty: "в письме нет приказов: ни вложения .yaml, ни текста",
    no_game_line: "в письме нет приказов: нет вложения .yaml, и ни одна строка текста не начинается с `game:`",
    wrong_token: "код хода (`token:`) неверен",
    no_token: "в приказах нет кода хода (`token:`)",
    token_outside: "ваш код хода стоит в приказах не только в строке `token:`",
    without_token: "приказы не проходят проверку, когда строка `token:` очищена",
    token_outside_hint: "Держите код только в его строке `token:`, как в шаблоне, и больше нигде (ни в `entropy:`, ни в комментарии): приказы хранятся в архиве и публикуются после игры без этой строки.\n\n",
    holds_hint: "Приказы хранятся в архиве и публикуются после игры: в них не должно быть ни адресов почты, ни кодов хода — ни в комментарии, ни где-либо ещё. Уберите это и пришлите их снова.\n\n",
    turn: "Ход",
    refused: "приказы отклонены",
    accepted: "приказы приняты",
    accepted_late: "приказы приняты с опозданием",
    set_aside: "квитанции приказов по почте отложены",
    stranger: "отклонено письмо неизвестного отправителя",
    taken_back: "обсчёт хода отменён — исправление",
    call: "ваши приказы, шаблон и код хода",
    reminder: "напоминание — ",
    forged: "Если вы не отправляли это письмо, возможно, кто-то пишет от вашего имени: из него ничего не сохранено, а приказы принимаются только с вашим кодом хода. Если это повторится, сообщите ведущему.\n",
    late_mark: " (С ОПОЗДАНИЕМ)",
    warnings_above: "; предупреждения выше",
    until_adjudicated: "Их можно заменить, прислав новые приказы, пока ход не обсчитан.\n",
    awaited: "На этом ходу ожидаются ваши приказы.\n",
    not_awaited: "На этом шаге ваши приказы не ожидаются (постоянные приказы прислать можно).\n",
    no_deadline: "Срок не назначен.\n",
    nobody: "никого",
    moderators_report: "отчёт ведущего",
};

fn words(lang: Lang) -> &'static Words {
    lang.pick(&EN, &RU)
}

/// `[game] Turn 3: what` / `[game] Ход 3: what`: every subject names the game and turn.
fn subject(lang: Lang, game: &str, turn: u32, what: &str) -> String {
    format!("[{game}] {} {turn}: {what}", words(lang).turn)
}

/// Why a message of orders was refused (each says what the player can do about it).
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// From an address no player has (the receipt's words; the moderator is told).
    Stranger {
        from: String,
    },
    /// Only an HTML body, no plain text, no attachment.
    HtmlOnly,
    /// No `.yaml` attachment and no text.
    Empty,
    /// No `.yaml` attachment, and no line of the text starts with `game:`.
    NoGameLine,
    /// The orders name a side the sender does not play.
    OtherSide {
        named: String,
        from: String,
        plays: String,
    },
    /// The sender plays several sides and the orders name none of them.
    WhichSide {
        from: String,
        sides: Vec<String>,
    },
    /// The envelope names another game or turn.
    NotThisTurn {
        game: String,
        turn: u32,
    },
    WrongToken {
        turn: u32,
    },
    NoToken {
        turn: u32,
    },
    /// The orders are not YAML: the error (`message body:3:1`) and what it says.
    NotYaml {
        at: String,
        what: String,
    },
    /// The check against the side's view found problems.
    DoesNotCheck {
        side: String,
    },
    /// Too late, and the campaign refuses late orders.
    Late {
        deadline: String,
    },
    /// The turn token also appears outside its `token:` line.
    TokenOutside,
    /// The orders hold what the archive never holds: an address, another side's token.
    Holds(crate::guard::Never),
    /// The orders check out only with their token line (what is stored has it emptied).
    DoesNotCheckWithoutToken,
}

impl Refusal {
    /// The reason in one line (the answer's and, in English, the receipt's).
    pub fn why(&self, lang: Lang) -> String {
        use Refusal::*;
        match (self, lang) {
            (Stranger { from }, Lang::En) => {
                format!("{from} is not the registered address of any player of this game")
            }
            (Stranger { from }, Lang::Ru) => {
                format!("{from} — не зарегистрированный адрес ни одного игрока этой игры")
            }
            (HtmlOnly, _) => words(lang).html_only.into(),
            (Empty, _) => words(lang).empty.into(),
            (NoGameLine, _) => words(lang).no_game_line.into(),
            (OtherSide { named, from, plays }, Lang::En) => {
                format!("these orders are for {named}, but {from} plays {plays}")
            }
            (OtherSide { named, from, plays }, Lang::Ru) => {
                format!("эти приказы для стороны {named}, а {from} играет за сторону {plays}")
            }
            (WhichSide { from, sides }, Lang::En) => {
                format!("{from} plays {}: say which with `side:`", sides.join(", "))
            }
            (WhichSide { from, sides }, Lang::Ru) => format!(
                "{from} играет за стороны {}: назовите свою в строке `side:`",
                sides.join(", ")
            ),
            (NotThisTurn { game, turn }, Lang::En) => format!(
                "these orders are not for game {game}, turn {turn} (the turn the game awaits)"
            ),
            (NotThisTurn { game, turn }, Lang::Ru) => {
                format!("эти приказы не для игры {game}, ход {turn} (ход, которого ждёт игра)")
            }
            (WrongToken { .. }, _) => words(lang).wrong_token.into(),
            (NoToken { .. }, _) => words(lang).no_token.into(),
            (NotYaml { at, what }, Lang::En) => {
                format!("the orders are not valid YAML: {what} ({at})")
            }
            (NotYaml { at, what }, Lang::Ru) => {
                format!("в приказах ошибка YAML: `{what}` (`{at}`)")
            }
            (DoesNotCheck { .. }, Lang::En) => {
                "the orders do not check out against your view".into()
            }
            (DoesNotCheck { side }, Lang::Ru) => {
                format!("приказы не прошли проверку по файлу позиции (view-{side}.yaml)")
            }
            (Late { deadline }, Lang::En) => {
                format!("the deadline {deadline} has passed, and this campaign refuses late orders")
            }
            (Late { deadline }, Lang::Ru) => {
                format!("срок {deadline} прошёл, а эта кампания опоздавших приказов не принимает")
            }
            (TokenOutside, _) => words(lang).token_outside.into(),
            (Holds(what), Lang::En) => format!("the orders hold {}", what.words(lang)),
            (Holds(what), Lang::Ru) => format!("в приказах есть {}", what.words(lang)),
            (DoesNotCheckWithoutToken, _) => words(lang).without_token.into(),
        }
    }

    /// The same refusal with every side it names by `name` (its id → what the reader
    /// calls it: «Спарта» for a Russian reader, issue 32, Russian 8). The file name of
    /// `DoesNotCheck` keeps the id.
    pub fn named(&self, name: &dyn Fn(&str) -> String) -> Refusal {
        use crate::guard::Never;
        use Refusal::*;
        match self {
            OtherSide { named, from, plays } => OtherSide {
                named: name(named),
                from: from.clone(),
                plays: name(plays),
            },
            WhichSide { from, sides } => WhichSide {
                from: from.clone(),
                sides: sides.iter().map(|s| name(s)).collect(),
            },
            Holds(Never::Token { side, turn }) => Holds(Never::Token {
                side: name(side),
                turn: *turn,
            }),
            Holds(Never::Address(Some(side))) => Holds(Never::Address(Some(name(side)))),
            other => other.clone(),
        }
    }

    /// What to do about it: a paragraph ending in a blank line, or nothing.
    /// Refused before the sender was known to hold the turn token, and not already
    /// telling him of a forger (as `WrongToken`'s hint does): anyone may have written it
    /// in his name, and the refusal says so.
    pub fn may_be_forged(&self) -> bool {
        use Refusal::*;
        matches!(
            self,
            HtmlOnly
                | Empty
                | NoGameLine
                | OtherSide { .. }
                | WhichSide { .. }
                | NotThisTurn { .. }
                | NotYaml { .. }
                | NoToken { .. }
        )
    }

    pub fn hint(&self, lang: Lang) -> String {
        use Refusal::*;
        match (self, lang) {
            (WrongToken { turn }, Lang::En) => format!("Each turn's orders carry the token of that turn, from the orders template dikast mailed you for turn {turn}. If you did not send this message, someone tried to send orders in your name: tell the moderator.\n\n"),
            (WrongToken { turn }, Lang::Ru) => format!("Приказы каждого хода несут код этого хода из шаблона приказов, который dikast прислал вам на ход {turn}. Если вы не отправляли это письмо, кто-то пытался послать приказы от вашего имени: сообщите ведущему.\n\n"),
            (NoToken { turn }, Lang::En) => format!("Copy the `token:` line from the orders template dikast mailed you for turn {turn}.\n\n"),
            (NoToken { turn }, Lang::Ru) => format!("Скопируйте строку `token:` из шаблона приказов, который dikast прислал вам на ход {turn}.\n\n"),
            (TokenOutside, _) => words(lang).token_outside_hint.into(),
            (Holds(_), _) => words(lang).holds_hint.into(),
            _ => String::new(),
        }
    }
}

/// What an answer says in its subject.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Answer {
    Refused,
    Accepted,
    AcceptedLate,
}

/// The subject of an answer: always dikast's own, naming the turn the game awaits (the
/// one orders are taken for), never the player's subject: his may be a reply to an
/// earlier turn's report, or to an earlier answer, and answers would pile up on it.
/// Mail programs thread the answer by its `In-Reply-To`.
pub fn answer_subject(lang: Lang, game: &str, turn: u32, a: Answer) -> String {
    let w = words(lang);
    let what = match a {
        Answer::Refused => w.refused,
        Answer::Accepted => w.accepted,
        Answer::AcceptedLate => w.accepted_late,
    };
    subject(lang, game, turn, what)
}

/// The subject of a report mail: the step (on one line) and whom the report is for.
pub fn report_subject(lang: Lang, game: &str, turn: u32, step: &str, whom: Option<&str>) -> String {
    let what = match whom {
        Some(side) => lang.pick(
            format!("{step} — report for {side}"),
            format!("{step} — отчёт для стороны {side}"),
        ),
        None => format!("{step} — {}", words(lang).moderators_report),
    };
    subject(lang, game, turn, &what)
}

/// The message a refused message is answered with.
pub struct Refused<'a> {
    /// When it arrived (UTC, as written).
    pub received: &'a str,
    pub game: &'a str,
    pub turn: u32,
    pub why: &'a str,
    /// The hint and any diagnostics, in the same language.
    pub details: &'a str,
    /// The last refusal the player is sent this turn (`PLAYER_REFUSALS`): it says so.
    pub last: bool,
    /// `Refusal::may_be_forged`: the body says someone else may be writing in his name.
    pub may_be_forged: bool,
}

pub fn refused_body(lang: Lang, r: &Refused) -> String {
    let Refused {
        received,
        game,
        turn,
        why,
        details,
        last,
        may_be_forged,
    } = r;
    // Nothing the sender chose is quoted (no Subject, no Message-ID): the message may
    // be a stranger's, written in the player's name to make dikast say something to him.
    let forged = if *may_be_forged {
        words(lang).forged
    } else {
        ""
    };
    let capped = match (last, lang) {
        (false, _) => String::new(),
        (true, Lang::En) => format!("\nThis is the last refusal you are sent for turn {turn} (at most {PLAYER_REFUSALS} a turn, so that no one can flood you in your name); later messages are still recorded, and orders with your turn token are still taken.\n"),
        (true, Lang::Ru) => format!("\nЭто последний отказ, который вам пришлют за ход {turn} (не больше {PLAYER_REFUSALS} за ход, чтобы никто не мог засыпать вас письмами от вашего имени); следующие письма всё равно записываются, а приказы с вашим кодом хода по-прежнему принимаются.\n"),
    };
    match lang {
        Lang::En => format!("A message from your address (received {received}) was NOT accepted for game {game}, turn {turn}:\n\n  {why}\n\n{details}Nothing of it was stored; any orders you sent before stand. Send corrected orders as a reply, with your turn token.\n\n{forged}{capped}"),
        Lang::Ru => format!("Письмо с вашего адреса (получено {received}) НЕ принято для игры {game}, ход {turn}:\n\n  {why}\n\n{details}Из него ничего не сохранено; приказы, присланные вами раньше, остаются в силе. Пришлите исправленные приказы ответом на это письмо, с вашим кодом хода.\n\n{forged}{capped}"),
    }
}

/// The refusals a registered player is sent a turn: more are recorded, not mailed (a
/// forged `From:` must not flood him from the judge's own address).
pub const PLAYER_REFUSALS: usize = 5;

/// The moderator's notice that a receipts file was set aside.
pub fn receipts_set_aside(
    lang: Lang,
    game: &str,
    turn: u32,
    why: &str,
    aside: &str,
) -> (String, String) {
    match lang {
        Lang::En => (
            subject(lang, game, turn, words(lang).set_aside),
            format!("The receipts of turn {turn} could not be used ({why}): they were set aside as {aside}, and a new file was begun, so that orders by mail go on being taken. Messages handled before may be handled again if they are delivered again; the file set aside keeps what was recorded.\n"),
        ),
        Lang::Ru => (
            subject(lang, game, turn, words(lang).set_aside),
            format!("Квитанциями хода {turn} нельзя было воспользоваться ({why}): они отложены в {aside}, начат новый файл, чтобы приказы по почте принимались и дальше. Письма, обработанные раньше, при повторной доставке могут быть обработаны снова; отложенный файл хранит всё записанное.\n"),
        ),
    }
}

/// The moderator's notice of a message from an address no player has.
pub fn stranger_subject(lang: Lang, game: &str, turn: u32) -> String {
    subject(lang, game, turn, words(lang).stranger)
}

pub fn stranger_body(
    lang: Lang,
    message_id: &str,
    received: &str,
    from: &str,
    game: &str,
) -> String {
    match lang {
        Lang::En => format!("Message {message_id} (received {received}) claims to come from {from}, which is not the registered address of any player of game {game}. Nothing of it was stored, and its sender was not answered (an answer to a forged address would go to a stranger). If a player writes from a new address, register it in campaign.yaml (players.<side>.email).\n"),
        Lang::Ru => format!("Письмо {message_id} (получено {received}) будто бы пришло с адреса {from}, но это не зарегистрированный адрес ни одного игрока игры {game}. Из него ничего не сохранено, и отправителю не ответили (ответ на подделанный адрес ушёл бы постороннему). Если игрок пишет с нового адреса, внесите его в campaign.yaml (players.<side>.email).\n"),
    }
}

/// The last notice of an unknown sender a turn gives the moderator says so.
pub fn strangers_capped(lang: Lang, n: usize, receipts: &str) -> String {
    match lang {
        Lang::En => format!("\nThat makes {n} unknown senders this turn: you are told of no more (each sender is told once, {n} a turn at most); every message is recorded in {receipts}.\n"),
        Lang::Ru => format!("\nНеизвестных отправителей за этот ход уже {n}: о следующих вам не сообщат (о каждом сообщают один раз, не больше {n} за ход); каждое письмо записано в {receipts}.\n"),
    }
}

/// The answer to orders accepted.
pub struct Accepted<'a> {
    pub game: &'a str,
    pub turn: u32,
    /// The step, in the player's language.
    pub step: &'a str,
    pub late: bool,
    /// The side, as `policy::who` names it.
    pub who: &'a str,
    pub side: &'a str,
    pub received: &'a str,
    pub message_id: &'a str,
    pub from: &'a str,
    pub sha: &'a str,
    /// The deadline in force: its text and UTC time.
    pub deadline: Option<(&'a str, &'a str)>,
    /// The warnings of valid orders, rendered (empty: none).
    pub warnings: &'a str,
    /// The orders as stored, indented.
    pub orders: &'a str,
}

pub fn accepted_body(lang: Lang, a: &Accepted) -> String {
    let Accepted {
        game,
        turn,
        step,
        late,
        who,
        side,
        received,
        message_id,
        from,
        sha,
        deadline,
        warnings,
        orders,
    } = a;
    let until = match (deadline, late, lang) {
        (Some((d, _)), true, Lang::En) => {
            format!("They arrived AFTER the deadline ({d}); they are marked late.\n")
        }
        (Some((d, _)), true, Lang::Ru) => {
            format!("Они пришли ПОСЛЕ срока ({d}); они помечены как опоздавшие.\n")
        }
        (Some((d, at)), false, Lang::En) => {
            format!("You may replace them by sending new orders until the deadline, {d} ({at}).\n")
        }
        (Some((d, at)), false, Lang::Ru) => {
            format!("Их можно заменить, прислав новые приказы до срока: {d} ({at}).\n")
        }
        (None, _, _) => words(lang).until_adjudicated.into(),
    };
    let warned = match (warnings.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::En) => {
            format!("The orders are valid, with warnings (they stand as written):\n\n{warnings}\n")
        }
        (false, Lang::Ru) => format!(
            "Приказы верны, но с предупреждениями (они остаются как написаны):\n\n{warnings}\n"
        ),
    };
    match lang {
        Lang::En => format!(
            "Your orders for game {game}, turn {turn} ({step}) are ACCEPTED{} as the orders of {who}.\n\nReceived {received} as message {message_id}, from {from}; stored with their `token:` line emptied (the archive never holds a token) with SHA-256 {sha}: the file attached, {side}.yaml, is exactly what was stored. `dikast verify --report` takes it, or your own copy, as your orders.\nThey replace any orders you sent before for this turn.\n{until}\n{warned}What was understood (checked against your view, no problem found{}):\n\n{orders}\n",
            if *late { words(lang).late_mark } else { "" },
            if warnings.is_empty() { "" } else { words(lang).warnings_above },
        ),
        Lang::Ru => format!(
            "Ваши приказы для игры {game}, ход {turn} ({step}), ПРИНЯТЫ{} как приказы стороны {who}.\n\nПолучены {received}, письмо {message_id}, от {from}; сохранены с очищенной строкой `token:` (коды в архиве не хранятся), SHA-256 {sha}: приложенный файл {side}.yaml — ровно то, что сохранено. `dikast verify --report` примет его или вашу собственную копию как ваши приказы.\nОни заменяют все приказы, присланные вами раньше на этот ход.\n{until}\n{warned}Как они поняты (проверены по файлу позиции (view-{side}.yaml), ошибок нет{}):\n\n{orders}\n",
            if *late { words(lang).late_mark } else { "" },
            if warnings.is_empty() { "" } else { words(lang).warnings_above },
        ),
    }
}

/// A call for orders, or a reminder of it.
pub struct Call<'a> {
    pub reminder: bool,
    pub game: &'a str,
    pub turn: u32,
    /// The step, in the player's language.
    pub step: &'a str,
    pub side: &'a str,
    /// Whether the step awaits this side's orders.
    pub awaited: bool,
    /// The deadline in force: its text and UTC time.
    pub deadline: Option<(&'a str, &'a str)>,
    /// The last turn was adjudicated early: when, its deadline, who had sent nothing.
    pub early: Option<(&'a str, &'a str, String)>,
    /// Whose orders of the last turn came late and were used.
    pub late: Option<String>,
    /// The orders template (with the turn token).
    pub template: &'a str,
}

pub fn call_subject(lang: Lang, game: &str, turn: u32, reminder: bool) -> String {
    let w = words(lang);
    let what = format!("{}{}", if reminder { w.reminder } else { "" }, w.call);
    subject(lang, game, turn, &what)
}

pub fn call_body(lang: Lang, c: &Call) -> String {
    let Call {
        reminder,
        game,
        turn,
        step,
        side,
        awaited,
        deadline,
        early,
        late,
        template,
    } = c;
    let ru = lang == Lang::Ru;
    let last = turn.saturating_sub(1);
    let mut b = String::new();
    if *reminder {
        b.push_str(&if ru {
            format!("НАПОМИНАНИЕ: ваши приказы на ход {turn} ещё не получены.\n\n")
        } else {
            format!("REMINDER: the game still has no orders of yours for turn {turn}.\n\n")
        });
    }
    b.push_str(&if ru {
        format!("Игра {game}, ход {turn}: {step}.\n")
    } else {
        format!("Game {game}, turn {turn} awaits: {step}.\n")
    });
    b.push_str(if *awaited {
        words(lang).awaited
    } else {
        words(lang).not_awaited
    });
    b.push_str(&match (deadline, ru) {
        (Some((d, at)), false) => format!("Deadline in force: {d} ({at}).\n"),
        (Some((d, at)), true) => format!("Срок подачи приказов: {d} ({at}).\n"),
        (None, _) => words(lang).no_deadline.into(),
    });
    if let Some((at, d, owing)) = early {
        b.push_str(&if ru {
            format!("\nХод {last} обсчитан {at} по распоряжению ведущего, до срока {d}; не прислали приказов: {owing}.\n")
        } else {
            format!("\nTurn {last} was adjudicated at {at} on the moderator's order, before its deadline {d}; {owing} had sent no orders.\n")
        });
    }
    if let Some(late) = late {
        b.push_str(&if ru {
            format!("\nПриказы на ход {last} от {late} пришли после срока; они использованы с пометкой об опоздании.\n")
        } else {
            format!("\nOrders of {late} for turn {last} arrived after the deadline and were used, marked late.\n")
        });
    }
    b.push_str(&if ru {
        format!("\nОтветьте на это письмо своими приказами: заполните приложенный файл orders-{side}.yaml и приложите его к ответу или вставьте в текст письма. Сохраните строку `token:`: это ваш код хода, он только ваш, и приказы без него отклоняются. Сначала проверьте их: `dikast check orders-{side}.yaml --against view-{side}.yaml --lang ru`.\n\n{template}")
    } else {
        format!("\nReply to this message with your orders: fill in the attached orders-{side}.yaml and attach it, or paste it into the body as plain text. Keep its `token:` line: it is your turn token, yours alone, and orders without it are refused. Check them first with `dikast check orders-{side}.yaml --against view-{side}.yaml`.\n\n{template}")
    });
    b
}

/// A new deadline, told to every player and the moderator.
pub struct NewDeadline<'a> {
    pub game: &'a str,
    pub turn: u32,
    /// The step, in the reader's language.
    pub step: &'a str,
    pub text: &'a str,
    pub at: &'a str,
    pub was: Option<&'a str>,
}

pub fn deadline_subject(lang: Lang, game: &str, turn: u32, text: &str) -> String {
    let what = lang.pick(format!("new deadline {text}"), format!("новый срок {text}"));
    subject(lang, game, turn, &what)
}

pub fn deadline_body(lang: Lang, d: &NewDeadline) -> String {
    let NewDeadline {
        game,
        turn,
        step,
        text,
        at,
        was,
    } = d;
    match lang {
        // Only a deadline that replaces one says so: the first one set replaces nothing.
        Lang::En => match was {
            Some(o) => format!("Game {game}, turn {turn} ({step}): the deadline for orders is now {text} ({at}); it was {o}.\n\nThe deadline in your last view or report is replaced by this one.\n"),
            None => format!("Game {game}, turn {turn} ({step}): the deadline for orders is {text} ({at}).\n"),
        },
        Lang::Ru => match was {
            Some(o) => format!("Игра {game}, ход {turn} ({step}): срок подачи приказов теперь {text} ({at}); был {o}.\n\nЭтот срок заменяет тот, что назван в вашем последнем отчёте или файле позиции.\n"),
            None => format!("Игра {game}, ход {turn} ({step}): срок подачи приказов — {text} ({at}).\n"),
        },
    }
}

/// An undo's correction notice (`dikast undo --force` after the turn's mail went out).
pub struct Correction<'a> {
    pub game: &'a str,
    /// The turn taken back (it awaits adjudication again).
    pub turn: u32,
    /// When the undo was asked for (UTC, as written).
    pub at: &'a str,
    pub reader: Reader<'a>,
    /// The new dice commitment and the retired seed, when the voided report revealed one.
    pub reseed: Option<(&'a str, &'a str, &'a str)>,
}

/// Who reads a correction, and what orders of the turn are on file.
pub enum Reader<'a> {
    /// A player, and whether orders of his side for the turn are on file.
    Player { has_orders: bool },
    /// The moderator: the sides with orders on file, and those without (with names).
    Moderator {
        with: &'a [String],
        without: &'a [String],
    },
}

pub fn correction_subject(lang: Lang, game: &str, turn: u32) -> String {
    subject(lang, game, turn, words(lang).taken_back)
}

pub fn correction_body(lang: Lang, c: &Correction) -> String {
    let Correction {
        game,
        turn: t,
        at,
        reader,
        reseed,
    } = c;
    let last = t + 1;
    let ru = lang == Lang::Ru;
    let mut b = if ru {
        format!("Исправление в игре {game}: ведущий отменил обсчёт хода {t} ({at}).\n\n")
    } else {
        format!("Correction for game {game}: the adjudication of turn {t} has been taken back by the moderator ({at}).\n\n")
    };
    b.push_str(&match (reader, ru) {
        (Reader::Player { .. }, false) => format!("The report and the view of turn {last} you received from dikast are void: do not send orders for turn {last}. Turn {t} will be adjudicated again; you will receive its new report.\n"),
        (Reader::Player { .. }, true) => format!("Отчёт и файл позиции хода {last}, полученные вами от dikast, недействительны: не присылайте приказов на ход {last}. Ход {t} будет обсчитан заново; вы получите новый отчёт.\n"),
        (Reader::Moderator { .. }, false) => format!("The report and the views of turn {last} (every player's) are void. Turn {t} will be adjudicated again, and every player will receive its new report.\n"),
        (Reader::Moderator { .. }, true) => format!("Отчёт и файлы позиций хода {last} (всех игроков) недействительны. Ход {t} будет обсчитан заново, и каждый игрок получит новый отчёт.\n"),
    });
    b.push_str(&match (reader, ru) {
        (Reader::Player { has_orders: true }, false) => format!("Orders you sent for turn {t} stand, and you may still replace them.\n"),
        (Reader::Player { has_orders: true }, true) => format!("Присланные вами приказы на ход {t} остаются в силе; их ещё можно заменить.\n"),
        (Reader::Player { has_orders: false }, false) => format!("No orders of yours for turn {t} are on file: you may still send them, with the turn token of your call for orders of turn {t}.\n"),
        (Reader::Player { has_orders: false }, true) => format!("Ваших приказов на ход {t} нет: их ещё можно прислать, с кодом хода из письма с вызовом приказов на ход {t}.\n"),
        (Reader::Moderator { with, without }, false) => format!(
            "Orders on file for turn {t}: {}; they stand, and their players may still replace them. No orders on file from: {}.\n",
            list(with, words(lang).nobody),
            list(without, words(lang).nobody)
        ),
        (Reader::Moderator { with, without }, true) => format!(
            "Приказы на ход {t} есть от: {}; они остаются в силе, и игроки ещё могут их заменить. Приказов нет от: {}.\n",
            list(with, words(lang).nobody),
            list(without, words(lang).nobody)
        ),
    });
    if let Some((retired, commitment, rule)) = reseed {
        b.push_str(&if ru {
            format!("\nКубики хода {t} бросаются заново. Зерно, раскрытое отменённым отчётом, выведено из употребления:\n\n    выведенное зерно:  {retired}\n\nНовое обязательство (`commitment`) хода {t}:\n\n    обязательство:     {commitment}\n\nЗерно нового отчёта должно давать его хешем (`SHA-256(\"dikast/v1/chain\" ‖ seed) = commitment`); это проверяет `dikast verify --report`, и отчёт называет эту отмену ({rule}, docs/dice.md).\n")
        } else {
            format!("\nThe dice of turn {t} are drawn anew. The seed the voided report revealed is retired:\n\n    retired seed:   {retired}\n\nTurn {t}'s new commitment is\n\n    commitment:     {commitment}\n\nThe new report's seed must hash to it (SHA-256(\"dikast/v1/chain\" ‖ seed) = commitment); `dikast verify --report` checks it, and the report lists this undo ({rule}, docs/dice.md).\n")
        });
    }
    b
}

fn list(v: &[String], none: &str) -> String {
    if v.is_empty() {
        none.to_string()
    } else {
        v.join(", ")
    }
}

/// The line of the orders template that carries the turn token.
pub fn token_line(lang: Lang, token: &str) -> String {
    match lang {
        Lang::En => format!(
            "token: {token}   # your turn token for orders by mail: yours alone, never share it\n"
        ),
        Lang::Ru => format!(
            "token: {token}   # ваш код хода для приказов по почте: он только ваш, никому его не сообщайте\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every refusal has words in every language, and the Russian ones are not English.
    #[test]
    fn every_refusal_is_worded_in_every_language() {
        let all = [
            Refusal::Stranger { from: "a@b".into() },
            Refusal::HtmlOnly,
            Refusal::Empty,
            Refusal::NoGameLine,
            Refusal::NotYaml {
                at: "message body:3:1".into(),
                what: "did not find expected key".into(),
            },
            Refusal::OtherSide {
                named: "athens".into(),
                from: "a@b".into(),
                plays: "sparta".into(),
            },
            Refusal::WhichSide {
                from: "a@b".into(),
                sides: vec!["athens".into(), "sparta".into()],
            },
            Refusal::NotThisTurn {
                game: "g".into(),
                turn: 3,
            },
            Refusal::WrongToken { turn: 3 },
            Refusal::NoToken { turn: 3 },
            Refusal::DoesNotCheck {
                side: "sparta".into(),
            },
            Refusal::Late {
                deadline: "2026-03-08 18:00 UTC".into(),
            },
            Refusal::TokenOutside,
            Refusal::Holds(crate::guard::Never::Address(Some("athens".into()))),
            Refusal::Holds(crate::guard::Never::Address(None)),
            Refusal::DoesNotCheckWithoutToken,
        ];
        for r in &all {
            let (en, ru) = (r.why(Lang::En), r.why(Lang::Ru));
            assert!(!en.is_empty() && !ru.is_empty() && en != ru, "{r:?}");
            assert!(
                ru.chars().any(|c| ('а'..='я').contains(&c)),
                "{r:?}: no Russian in {ru}"
            );
            assert_eq!(
                r.hint(Lang::En).is_empty(),
                r.hint(Lang::Ru).is_empty(),
                "{r:?}"
            );
        }
    }

    /// A Russian refusal names sides as the reader does, never by id (Russian 8).
    #[test]
    fn refusals_name_sides_by_the_name_given() {
        use crate::guard::Never;
        let name = |s: &str| format!("«{}»", s.to_uppercase());
        for r in [
            Refusal::OtherSide {
                named: "athens".into(),
                from: "a@b".into(),
                plays: "sparta".into(),
            },
            Refusal::WhichSide {
                from: "a@b".into(),
                sides: vec!["athens".into(), "sparta".into()],
            },
            Refusal::Holds(Never::Token {
                side: "athens".into(),
                turn: 2,
            }),
            Refusal::Holds(Never::Address(Some("athens".into()))),
        ] {
            let ru = r.named(&name).why(Lang::Ru);
            assert!(ru.contains("«ATHENS»") && !ru.contains("athens"), "{ru}");
        }
    }

    #[test]
    fn subjects_are_our_own_and_name_the_awaited_turn() {
        let s = answer_subject(Lang::Ru, "g", 2, Answer::Accepted);
        assert_eq!(s, "[g] Ход 2: приказы приняты");
        let s = answer_subject(Lang::En, "g", 2, Answer::Refused);
        assert_eq!(s, "[g] Turn 2: orders refused");
        let s = answer_subject(Lang::Ru, "g", 3, Answer::AcceptedLate);
        assert_eq!(s, "[g] Ход 3: приказы приняты с опозданием");
    }
}
