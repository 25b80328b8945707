/// Text fragments for generated events: several languages, accents,
/// Japanese and a few emoji so that folding has to respect multi-byte UTF-8
/// sequences, plus commas and semicolons that need TEXT escaping.
/// All of it is made up for this generator.
struct Vocabulary {
  let summaries: [[UInt8]]
  let locations: [[UInt8]]
  let sentences: [[UInt8]]
  let people: [(name: [UInt8], email: [UInt8])]
  let categories: [[UInt8]]

  init() {
    summaries = [
      "Team stand-up", "Quarterly planning", "1:1 with Mira", "Dentist", "Yoga class",
      "Budget review; Q3", "Code review, backend", "Zahnarzttermin", "Elternabend",
      "Wochenmarkt", "Projektbesprechung Müller", "Réunion d'équipe",
      "Déjeuner avec Clémence", "Cours de français", "Répétition de la chorale",
      "週次ミーティング", "歯医者の予約", "東京出張", "打ち合わせ（デザイン）",
      "Reunión de presupuesto", "Cumpleaños de Begoña", "Flight LH 400 FRA → JFK",
      "Night shift", "Release freeze ❄️", "Conference day", "Sprint retrospective",
      "Parent–teacher meeting", "Recycling pickup 🗑️", "Piano lesson", "Board meeting",
      "Kundentermin Köln", "Straßenfest", "Fête de la musique 🎶", "お花見 🌸",
      "Sauna mit Jörg", "Hackathon", "Umzug", "Vacances d'été", "夏休み", "On call",
    ].map { Array($0.utf8) }

    locations = [
      "Konferenzraum 3. OG, Berlin", "Room 42; Building B", "Café de Flore, Paris",
      "東京都渋谷区道玄坂1-2-3 5F", "Video call https://meet.example.com/abc-defg-hij",
      "Home", "Praxis Dr. Weiß, Schönhauser Allee 10, 10119 Berlin", "Gare de Lyon",
      "Lincoln Center, New York, NY 10023", "大阪城公園", "Münchner Freiheit",
      "Sala Cibeles, Madrid", "Terminal 1, JFK", "Hôtel de Ville, Lyon", "京都駅 中央口",
      "Main office, 3rd floor", "Brooklyn Bridge Park", "Englischer Garten, Chinesischer Turm",
    ].map { Array($0.utf8) }

    sentences = [
      "Please read the attached notes before the meeting.",
      "Agenda: status, risks, next steps; questions at the end.",
      "We will go over the numbers for last quarter, then plan the next one.",
      "Bring your laptop, a charger and, if you have one, the printed draft.",
      "Bitte pünktlich erscheinen, der Raum ist danach belegt.",
      "Wir besprechen die Änderungen am Entwurf und die offenen Punkte aus der Vorwoche.",
      "Treffpunkt ist am Haupteingang; bei Regen im Foyer.",
      "Übrigens: Kuchen gibt es diesmal von Jürgen.",
      "Merci d'apporter vos idées pour la fête de fin d'année.",
      "La réunion aura lieu au deuxième étage, salle « Étoile ».",
      "Ordre du jour : bilan, budget, questions diverses.",
      "N'oubliez pas : le café est offert après la séance.",
      "会議の資料は共有フォルダにあります。",
      "開始時刻の五分前までにお集まりください。",
      "議題：進捗報告、課題の確認、次回の予定。",
      "雨天の場合は中止となります。ご了承ください。",
      "Por favor, confirmen su asistencia antes del viernes.",
      "Llevaremos la presentación en español y en inglés.",
      "Dial-in: +1 555 0100, PIN 4711#; backup link in the invite.",
      "Parking is free after 6 pm, entrance on the north side.",
      "Don't forget the slides 🙂 and the demo build.",
      "Happy birthday! 🎂 Cake in the kitchen at 3.",
      "Remember to water the plants 🌱 before leaving.",
      "Notes from last time: decided to move the deadline by one week.",
      "Path on the shared drive: \\\\fileserver\\projects\\2020\\plan.docx",
      "Room capacity is 12, so please don't invite the whole department.",
      "Zoom-Link folgt; Passwort steht im Wiki.",
      "Le train part à 8 h 12, voie 4 ; retour prévu vers 19 h.",
      "来週のスケジュールは後ほど連絡します。よろしくお願いします。",
      "Ça va être génial — à bientôt !",
    ].map { Array($0.utf8) }

    people = [
      ("Müller, Anna", "anna.mueller@example.com"),
      ("Jörg Schäfer", "joerg.schaefer@example.org"),
      ("Clémence Lefèvre", "clemence@example.fr"),
      ("François Dubois", "f.dubois@example.fr"),
      ("佐藤 花子", "hanako.sato@example.jp"),
      ("Mira Novak", "mira@example.net"),
      ("José Peña", "jose.pena@example.es"),
      ("Ødegaard, Lars", "lars@example.no"),
      ("田中 太郎", "taro.tanaka@example.jp"),
      ("Chris O'Neil", "chris.oneil@example.com"),
    ].map { (name: Array($0.0.utf8), email: Array($0.1.utf8)) }

    categories = [
      "Work", "Meeting", "Personal", "Family", "Travel", "Holiday", "Health",
    ].map { Array($0.utf8) }
  }
}
