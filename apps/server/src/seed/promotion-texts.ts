/**
 * The demo promotions' titles and terms in the product's eight languages (decision 0981).
 * Amounts and codes stay as written: they are the offer's terms, not words.
 */
type Texts = Record<'en' | 'pt' | 'bn' | 'zh-TW' | 'th' | 'ms' | 'fr' | 'es', string>;

export const PROMOTION_TEXTS: Record<string, { title: Texts; terms: Texts }> = {
  RELOAD50: {
    title: {
      en: '50% reload bonus, every week',
      pt: 'Bónus de recarga de 50%, todas as semanas',
      bn: 'প্রতি সপ্তাহে 50% রিলোড বোনাস',
      'zh-TW': '每週 50% 儲值獎金',
      th: 'โบนัสเติมเงิน 50% ทุกสัปดาห์',
      ms: 'Bonus tambah nilai 50%, setiap minggu',
      fr: 'Bonus de recharge de 50 %, chaque semaine',
      es: 'Bono de recarga del 50 %, cada semana',
    },
    terms: {
      en: 'Deposit at least 20 EUR (2,000 INR, 100 BRL) with code RELOAD50. Bonus up to 200 EUR (20,000 INR, 1,000 BRL). Wager 20× the bonus within 14 days; slots and originals count 100 %, table games 10 %, sports 100 %. Max bet 10 EUR while wagering. Once per player.',
      pt: 'Deposite pelo menos 20 EUR (2.000 INR, 100 BRL) com o código RELOAD50. Bónus até 200 EUR (20.000 INR, 1.000 BRL). Aposte 20× o bónus em 14 dias; slots e originais contam 100 %, jogos de mesa 10 %, desporto 100 %. Aposta máxima de 10 EUR durante o rollover. Uma vez por jogador.',
      bn: 'RELOAD50 কোড দিয়ে কমপক্ষে 20 EUR (2,000 INR, 100 BRL) জমা দিন। বোনাস সর্বোচ্চ 200 EUR (20,000 INR, 1,000 BRL)। 14 দিনের মধ্যে বোনাসের 20 গুণ বাজি ধরুন; স্লট ও অরিজিনালস 100 %, টেবিল গেম 10 %, স্পোর্টস 100 % গণনা হয়। বাজির শর্ত পূরণের সময় সর্বোচ্চ বাজি 10 EUR। প্রতি খেলোয়াড় একবার।',
      'zh-TW':
        '使用代碼 RELOAD50 存入至少 20 EUR（2,000 INR、100 BRL）。獎金最高 200 EUR（20,000 INR、1,000 BRL）。須於 14 天內完成獎金 20 倍的投注；老虎機與原創遊戲計 100 %，桌上遊戲計 10 %，體育計 100 %。流水期間單注上限 10 EUR。每位玩家限一次。',
      th: 'ฝากอย่างน้อย 20 EUR (2,000 INR, 100 BRL) ด้วยโค้ด RELOAD50 รับโบนัสสูงสุด 200 EUR (20,000 INR, 1,000 BRL) ทำยอดเดิมพัน 20 เท่าของโบนัสภายใน 14 วัน สล็อตและเกมออริจินัลนับ 100 % เกมโต๊ะ 10 % กีฬา 100 % เดิมพันสูงสุด 10 EUR ระหว่างทำยอด ผู้เล่นละหนึ่งครั้ง',
      ms: 'Deposit sekurang-kurangnya 20 EUR (2,000 INR, 100 BRL) dengan kod RELOAD50. Bonus sehingga 200 EUR (20,000 INR, 1,000 BRL). Pertaruhkan 20× bonus dalam 14 hari; slot dan permainan asli dikira 100 %, permainan meja 10 %, sukan 100 %. Pertaruhan maksimum 10 EUR semasa memenuhi syarat. Sekali bagi setiap pemain.',
      fr: 'Déposez au moins 20 EUR (2 000 INR, 100 BRL) avec le code RELOAD50. Bonus jusqu’à 200 EUR (20 000 INR, 1 000 BRL). Misez 20 fois le bonus sous 14 jours ; les machines à sous et les originaux comptent à 100 %, les jeux de table à 10 %, le sport à 100 %. Mise maximale de 10 EUR pendant la mise en jeu. Une fois par joueur.',
      es: 'Deposita al menos 20 EUR (2.000 INR, 100 BRL) con el código RELOAD50. Bono de hasta 200 EUR (20.000 INR, 1.000 BRL). Apuesta 20 veces el bono en 14 días; las tragaperras y los originales cuentan al 100 %, los juegos de mesa al 10 %, los deportes al 100 %. Apuesta máxima de 10 EUR mientras cumples el requisito. Una vez por jugador.',
    },
  },
  FREEPLAY5: {
    title: {
      en: 'A free 5 EUR to try the originals',
      pt: '5 EUR grátis para experimentar os originais',
      bn: 'অরিজিনালস খেলে দেখতে বিনামূল্যে 5 EUR',
      'zh-TW': '免費 5 EUR 試玩原創遊戲',
      th: 'รับฟรี 5 EUR ลองเล่นเกมออริจินัล',
      ms: '5 EUR percuma untuk mencuba permainan asli',
      fr: '5 EUR offerts pour essayer les originaux',
      es: '5 EUR gratis para probar los originales',
    },
    terms: {
      en: 'Claim once. 5 EUR (500 INR, 25 BRL) bonus, wager 30× within 7 days. Max bet 2 EUR while wagering.',
      pt: 'Resgate uma vez. Bónus de 5 EUR (500 INR, 25 BRL), aposte 30× em 7 dias. Aposta máxima de 2 EUR durante o rollover.',
      bn: 'একবার নিন। 5 EUR (500 INR, 25 BRL) বোনাস, 7 দিনের মধ্যে 30 গুণ বাজি ধরুন। বাজির শর্ত পূরণের সময় সর্বোচ্চ বাজি 2 EUR।',
      'zh-TW':
        '限領一次。5 EUR（500 INR、25 BRL）獎金，須於 7 天內完成 30 倍投注。流水期間單注上限 2 EUR。',
      th: 'รับได้ครั้งเดียว โบนัส 5 EUR (500 INR, 25 BRL) ทำยอดเดิมพัน 30 เท่าภายใน 7 วัน เดิมพันสูงสุด 2 EUR ระหว่างทำยอด',
      ms: 'Tuntut sekali. Bonus 5 EUR (500 INR, 25 BRL), pertaruhkan 30× dalam 7 hari. Pertaruhan maksimum 2 EUR semasa memenuhi syarat.',
      fr: 'À réclamer une fois. Bonus de 5 EUR (500 INR, 25 BRL), à miser 30 fois sous 7 jours. Mise maximale de 2 EUR pendant la mise en jeu.',
      es: 'Reclámalo una vez. Bono de 5 EUR (500 INR, 25 BRL), apuesta 30 veces en 7 días. Apuesta máxima de 2 EUR mientras cumples el requisito.',
    },
  },
  '10% cashback every week': {
    title: {
      en: '10% cashback every week',
      pt: '10% de cashback todas as semanas',
      bn: 'প্রতি সপ্তাহে 10% ক্যাশব্যাক',
      'zh-TW': '每週 10% 現金回饋',
      th: 'เงินคืน 10% ทุกสัปดาห์',
      ms: 'Pulangan tunai 10% setiap minggu',
      fr: '10 % de cashback chaque semaine',
      es: '10 % de reembolso cada semana',
    },
    terms: {
      en: 'Every Monday we pay back 10 % of last week’s real-money net losses (stakes minus wins, bonus play excluded), up to 100 EUR (10,000 INR, 500 BRL), from a net loss of 10 EUR (1,000 INR, 50 BRL). Paid as a bonus to wager once within 7 days. Automatic: nothing to claim.',
      pt: 'Todas as segundas-feiras devolvemos 10 % das perdas líquidas com dinheiro real da semana anterior (apostas menos ganhos, sem jogo com bónus), até 100 EUR (10.000 INR, 500 BRL), a partir de uma perda líquida de 10 EUR (1.000 INR, 50 BRL). Pago como bónus a apostar uma vez em 7 dias. Automático: nada a resgatar.',
      bn: 'প্রতি সোমবার আমরা গত সপ্তাহের আসল টাকার নিট ক্ষতির 10 % ফেরত দিই (বাজি বাদ জয়, বোনাস খেলা বাদে), সর্বোচ্চ 100 EUR (10,000 INR, 500 BRL), নিট ক্ষতি 10 EUR (1,000 INR, 50 BRL) থেকে শুরু। বোনাস হিসেবে দেওয়া হয়, 7 দিনের মধ্যে একবার বাজি ধরতে হবে। স্বয়ংক্রিয়: দাবি করার কিছু নেই।',
      'zh-TW':
        '每週一退還上週真錢淨虧損的 10 %（投注減去贏得金額，不含獎金遊戲），最高 100 EUR（10,000 INR、500 BRL），淨虧損須達 10 EUR（1,000 INR、50 BRL）。以獎金形式發放，須於 7 天內投注一倍。自動發放，無需領取。',
      th: 'ทุกวันจันทร์เราคืนเงิน 10 % ของยอดเสียสุทธิด้วยเงินจริงของสัปดาห์ก่อน (ยอดเดิมพันลบยอดชนะ ไม่รวมการเล่นด้วยโบนัส) สูงสุด 100 EUR (10,000 INR, 500 BRL) เมื่อยอดเสียสุทธิตั้งแต่ 10 EUR (1,000 INR, 50 BRL) จ่ายเป็นโบนัสที่ต้องทำยอดหนึ่งเท่าภายใน 7 วัน อัตโนมัติ ไม่ต้องกดรับ',
      ms: 'Setiap Isnin kami memulangkan 10 % daripada kerugian bersih wang sebenar minggu lalu (pertaruhan tolak kemenangan, tidak termasuk permainan bonus), sehingga 100 EUR (10,000 INR, 500 BRL), bermula daripada kerugian bersih 10 EUR (1,000 INR, 50 BRL). Dibayar sebagai bonus untuk dipertaruhkan sekali dalam 7 hari. Automatik: tiada apa untuk dituntut.',
      fr: 'Chaque lundi, nous remboursons 10 % des pertes nettes en argent réel de la semaine passée (mises moins gains, jeu avec bonus exclu), jusqu’à 100 EUR (10 000 INR, 500 BRL), à partir d’une perte nette de 10 EUR (1 000 INR, 50 BRL). Versé en bonus à miser une fois sous 7 jours. Automatique : rien à réclamer.',
      es: 'Cada lunes te devolvemos el 10 % de las pérdidas netas con dinero real de la semana anterior (apuestas menos ganancias, sin el juego con bono), hasta 100 EUR (10.000 INR, 500 BRL), a partir de una pérdida neta de 10 EUR (1.000 INR, 50 BRL). Se paga como bono para apostar una vez en 7 días. Automático: no hay que reclamar nada.',
    },
  },
  'A 5 EUR free bet on any match': {
    title: {
      en: 'A 5 EUR free bet on any match',
      pt: 'Uma aposta grátis de 5 EUR em qualquer jogo',
      bn: 'যেকোনো ম্যাচে 5 EUR ফ্রি বেট',
      'zh-TW': '任何賽事皆可用的 5 EUR 免費投注',
      th: 'ฟรีเบท 5 EUR สำหรับทุกแมตช์',
      ms: 'Pertaruhan percuma 5 EUR untuk mana-mana perlawanan',
      fr: 'Un pari gratuit de 5 EUR sur n’importe quel match',
      es: 'Una apuesta gratis de 5 EUR en cualquier partido',
    },
    terms: {
      en: 'Claim once, then pick it in the bet slip for a single or a multiple within 7 days. The stake is on us; a win pays the winnings in cash, not the stake. No cash-out.',
      pt: 'Resgate uma vez e escolha-a no boletim para uma simples ou múltipla em 7 dias. A aposta é por nossa conta; um ganho paga os ganhos em dinheiro, não a aposta. Sem cash-out.',
      bn: 'একবার নিন, তারপর 7 দিনের মধ্যে বেট স্লিপে সিঙ্গেল বা মাল্টিপলের জন্য এটি বেছে নিন। বাজির টাকা আমাদের; জিতলে জয়ের অর্থ নগদে পাবেন, বাজির টাকা নয়। ক্যাশ-আউট নেই।',
      'zh-TW':
        '限領一次，於 7 天內在投注單中選用於單場或串關。本金由我們支付；贏得時以現金支付彩金，不含本金。不可提前兌現。',
      th: 'รับได้ครั้งเดียว แล้วเลือกใช้ในสลิปเดิมพันสำหรับเดิมพันเดี่ยวหรือสเต็ปภายใน 7 วัน เราออกเงินเดิมพันให้ หากชนะจะได้รับเงินรางวัลเป็นเงินสด ไม่รวมเงินเดิมพัน ไม่สามารถแคชเอาท์ได้',
      ms: 'Tuntut sekali, kemudian pilih dalam slip pertaruhan untuk pertaruhan tunggal atau berganda dalam 7 hari. Pertaruhan ditanggung kami; kemenangan membayar hasil menang secara tunai, bukan pertaruhan. Tiada tunai keluar.',
      fr: 'À réclamer une fois, puis à choisir dans le coupon pour un pari simple ou combiné sous 7 jours. La mise est offerte ; un gain verse les gains en argent réel, pas la mise. Pas de cash-out.',
      es: 'Reclámala una vez y elígela en el boleto para una simple o una combinada en 7 días. La apuesta corre de nuestra cuenta; si ganas, cobras las ganancias en efectivo, no la apuesta. Sin cash-out.',
    },
  },
  '10 free spins on Lantern Fortune': {
    title: {
      en: '10 free spins on Lantern Fortune',
      pt: '10 rodadas grátis em Lantern Fortune',
      bn: 'Lantern Fortune-এ 10টি ফ্রি স্পিন',
      'zh-TW': 'Lantern Fortune 10 次免費旋轉',
      th: 'ฟรีสปิน 10 ครั้งในเกม Lantern Fortune',
      ms: '10 putaran percuma di Lantern Fortune',
      fr: '10 tours gratuits sur Lantern Fortune',
      es: '10 giros gratis en Lantern Fortune',
    },
    terms: {
      en: 'Claim once and play them within 7 days at 0.50 per spin. Winnings become a bonus to wager 10×; at most 5× the winnings convert to cash.',
      pt: 'Resgate uma vez e jogue-as em 7 dias a 0,50 por rodada. Os ganhos tornam-se um bónus a apostar 10×; no máximo 5× os ganhos convertem-se em dinheiro.',
      bn: 'একবার নিন এবং 7 দিনের মধ্যে প্রতি স্পিনে 0.50 করে খেলুন। জয়ের অর্থ বোনাস হয়ে যায়, যা 10 গুণ বাজি ধরতে হবে; জয়ের সর্বোচ্চ 5 গুণ নগদে রূপান্তরিত হয়।',
      'zh-TW':
        '限領一次，須於 7 天內以每次 0.50 的注額使用。贏得金額轉為獎金，須完成 10 倍投注；最多可將贏得金額的 5 倍轉為現金。',
      th: 'รับได้ครั้งเดียวและเล่นภายใน 7 วันที่ 0.50 ต่อสปิน เงินรางวัลจะเป็นโบนัสที่ต้องทำยอด 10 เท่า แปลงเป็นเงินสดได้ไม่เกิน 5 เท่าของเงินรางวัล',
      ms: 'Tuntut sekali dan mainkan dalam 7 hari pada 0.50 setiap putaran. Kemenangan menjadi bonus untuk dipertaruhkan 10×; paling banyak 5× kemenangan ditukar kepada tunai.',
      fr: 'À réclamer une fois et à jouer sous 7 jours à 0,50 par tour. Les gains deviennent un bonus à miser 10 fois ; au plus 5 fois les gains sont convertis en argent réel.',
      es: 'Reclámalos una vez y juégalos en 7 días a 0,50 por giro. Las ganancias se convierten en un bono que hay que apostar 10 veces; como máximo 5 veces las ganancias pasan a efectivo.',
    },
  },
};

/** The demo operator's legal texts in the languages other than English (decision 0981). */
export const LEGAL_TEXT_TRANSLATIONS: {
  licence_text: Omit<Texts, 'en'>;
  company_text: Omit<Texts, 'en'>;
} = {
  licence_text: {
    pt: 'APENAS DEMONSTRAÇÃO. Licença fictícia: este texto substitui a licença do operador (por exemplo, um número de licença emitido por um regulador de jogo). Os operadores definem-no no back office.',
    bn: 'শুধু ডেমো। কাল্পনিক লাইসেন্স: এই লেখাটি অপারেটরের লাইসেন্সের জায়গায় রাখা হয়েছে (যেমন, কোনো গেমিং নিয়ন্ত্রক সংস্থার দেওয়া লাইসেন্স নম্বর)। অপারেটররা এটি ব্যাক অফিসে লেখেন।',
    'zh-TW':
      '僅供示範。虛構牌照：此文字代表營運商持有的牌照（例如博弈監管機構核發的牌照號碼）。營運商可在後台設定。',
    th: 'สำหรับสาธิตเท่านั้น ใบอนุญาตสมมติ: ข้อความนี้ใช้แทนใบอนุญาตของผู้ให้บริการ (เช่น เลขใบอนุญาตที่ออกโดยหน่วยงานกำกับดูแลการพนัน) ผู้ให้บริการกำหนดได้ในระบบหลังบ้าน',
    ms: 'DEMO SAHAJA. Lesen rekaan: teks ini menggantikan lesen yang dipegang oleh pengendali (contohnya, nombor lesen yang dikeluarkan oleh pengawal selia permainan). Pengendali menetapkannya di pejabat belakang.',
    fr: 'DÉMONSTRATION UNIQUEMENT. Licence fictive : ce texte tient lieu de la licence de l’opérateur (par exemple, un numéro de licence délivré par un régulateur des jeux). Les opérateurs le définissent dans le back-office.',
    es: 'SOLO DEMOSTRACIÓN. Licencia ficticia: este texto ocupa el lugar de la licencia del operador (por ejemplo, un número de licencia emitido por un regulador del juego). Los operadores lo configuran en el back office.',
  },
  company_text: {
    pt: 'APENAS DEMONSTRAÇÃO. Example Operator Ltd. é uma empresa fictícia usada para demonstração; os operadores definem os dados da sua empresa registada no back office.',
    bn: 'শুধু ডেমো। Example Operator Ltd. প্রদর্শনের জন্য ব্যবহৃত একটি কাল্পনিক কোম্পানি; অপারেটররা তাদের নিবন্ধিত কোম্পানির বিবরণ ব্যাক অফিসে লেখেন।',
    'zh-TW':
      '僅供示範。Example Operator Ltd. 為示範用的虛構公司；營運商可在後台設定其註冊公司資料。',
    th: 'สำหรับสาธิตเท่านั้น Example Operator Ltd. เป็นบริษัทสมมติที่ใช้เพื่อการสาธิต ผู้ให้บริการกำหนดข้อมูลบริษัทที่จดทะเบียนได้ในระบบหลังบ้าน',
    ms: 'DEMO SAHAJA. Example Operator Ltd. ialah syarikat rekaan untuk demonstrasi; pengendali menetapkan butiran syarikat berdaftar mereka di pejabat belakang.',
    fr: 'DÉMONSTRATION UNIQUEMENT. Example Operator Ltd. est une société fictive utilisée pour la démonstration ; les opérateurs indiquent les coordonnées de leur société immatriculée dans le back-office.',
    es: 'SOLO DEMOSTRACIÓN. Example Operator Ltd. es una empresa ficticia usada para la demostración; los operadores configuran los datos de su empresa registrada en el back office.',
  },
};
