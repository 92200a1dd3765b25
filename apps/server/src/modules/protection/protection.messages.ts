/** Refusal messages of the gate, in the product's languages ({{…}} filled in by `message`). */
export const REFUSALS = {
  JURISDICTION_DEMO_ONLY: {
    en: 'Real-money play is not available in your country ({{country}}). You can still play demo games.',
    pt: 'O jogo a dinheiro real não está disponível no seu país ({{country}}). Pode continuar a jogar jogos de demonstração.',
    bn: 'আপনার দেশে ({{country}}) আসল টাকায় খেলা উপলব্ধ নয়। আপনি এখনও ডেমো গেম খেলতে পারেন।',
    'zh-TW': '您所在的國家（{{country}}）不提供真錢遊戲。您仍可遊玩試玩遊戲。',
    th: 'การเล่นด้วยเงินจริงไม่เปิดให้บริการในประเทศของคุณ ({{country}}) คุณยังเล่นเกมทดลองได้',
    ms: 'Permainan wang sebenar tidak tersedia di negara anda ({{country}}). Anda masih boleh bermain permainan demo.',
    fr: 'Le jeu en argent réel n’est pas disponible dans votre pays ({{country}}). Vous pouvez toujours jouer aux jeux en démo.',
    es: 'El juego con dinero real no está disponible en tu país ({{country}}). Aún puedes jugar a los juegos de demostración.',
  },
  JURISDICTION_BLOCKED: {
    en: 'This service is not available in your country ({{country}}).',
    pt: 'Este serviço não está disponível no seu país ({{country}}).',
    bn: 'এই পরিষেবা আপনার দেশে ({{country}}) উপলব্ধ নয়।',
    'zh-TW': '此服務不適用於您所在的國家（{{country}}）。',
    th: 'บริการนี้ไม่เปิดให้บริการในประเทศของคุณ ({{country}})',
    ms: 'Perkhidmatan ini tidak tersedia di negara anda ({{country}}).',
    fr: 'Ce service n’est pas disponible dans votre pays ({{country}}).',
    es: 'Este servicio no está disponible en tu país ({{country}}).',
  },
  COUNTRY_MISMATCH: {
    en: 'Real-money play is off: your account is registered in {{declared}} but you are connecting from {{address}}. You can still play demo games.',
    pt: 'O jogo a dinheiro real está desativado: a sua conta está registada em {{declared}}, mas está a ligar-se a partir de {{address}}. Pode continuar a jogar jogos de demonstração.',
    bn: 'আসল টাকায় খেলা বন্ধ: আপনার অ্যাকাউন্ট {{declared}}-এ নিবন্ধিত, কিন্তু আপনি {{address}} থেকে সংযোগ করছেন। আপনি এখনও ডেমো গেম খেলতে পারেন।',
    'zh-TW':
      '真錢遊戲已關閉：您的帳戶登記於 {{declared}}，但您正從 {{address}} 連線。您仍可遊玩試玩遊戲。',
    th: 'ปิดการเล่นด้วยเงินจริง: บัญชีของคุณลงทะเบียนใน {{declared}} แต่คุณกำลังเชื่อมต่อจาก {{address}} คุณยังเล่นเกมทดลองได้',
    ms: 'Permainan wang sebenar dimatikan: akaun anda didaftarkan di {{declared}} tetapi anda menyambung dari {{address}}. Anda masih boleh bermain permainan demo.',
    fr: 'Le jeu en argent réel est désactivé : votre compte est enregistré en {{declared}} mais vous vous connectez depuis {{address}}. Vous pouvez toujours jouer aux jeux en démo.',
    es: 'El juego con dinero real está desactivado: tu cuenta está registrada en {{declared}} pero te conectas desde {{address}}. Aún puedes jugar a los juegos de demostración.',
  },
  ANONYMISER: {
    en: 'Real-money play is off while you connect through a VPN, proxy or Tor. Turn it off to play for real money; demo games stay open.',
    pt: 'O jogo a dinheiro real está desativado enquanto se liga através de uma VPN, proxy ou Tor. Desative-a para jogar a dinheiro real; os jogos de demonstração continuam disponíveis.',
    bn: 'VPN, প্রক্সি বা Tor-এর মাধ্যমে সংযোগ থাকা অবস্থায় আসল টাকায় খেলা বন্ধ। আসল টাকায় খেলতে এটি বন্ধ করুন; ডেমো গেম খোলা থাকবে।',
    'zh-TW':
      '透過 VPN、代理伺服器或 Tor 連線時，真錢遊戲將關閉。請關閉後再以真錢遊玩；試玩遊戲仍可使用。',
    th: 'ปิดการเล่นด้วยเงินจริงขณะที่คุณเชื่อมต่อผ่าน VPN พร็อกซี หรือ Tor ปิดการเชื่อมต่อดังกล่าวเพื่อเล่นด้วยเงินจริง เกมทดลองยังเปิดอยู่',
    ms: 'Permainan wang sebenar dimatikan semasa anda menyambung melalui VPN, proksi atau Tor. Matikannya untuk bermain dengan wang sebenar; permainan demo kekal dibuka.',
    fr: 'Le jeu en argent réel est désactivé tant que vous vous connectez via un VPN, un proxy ou Tor. Désactivez-le pour jouer en argent réel ; les jeux en démo restent ouverts.',
    es: 'El juego con dinero real está desactivado mientras te conectas a través de una VPN, un proxy o Tor. Desactívalo para jugar con dinero real; los juegos de demostración siguen abiertos.',
  },
  SELF_EXCLUDED: {
    en: 'Your account is self-excluded ({{until}}). You can still withdraw your balance.',
    pt: 'A sua conta está autoexcluída ({{until}}). Pode continuar a levantar o seu saldo.',
    bn: 'আপনার অ্যাকাউন্ট স্ব-বর্জিত ({{until}})। আপনি এখনও আপনার ব্যালেন্স উত্তোলন করতে পারেন।',
    'zh-TW': '您的帳戶已自我排除（{{until}}）。您仍可提領餘額。',
    th: 'บัญชีของคุณอยู่ในสถานะกันตนเอง ({{until}}) คุณยังถอนยอดคงเหลือได้',
    ms: 'Akaun anda dikecualikan sendiri ({{until}}). Anda masih boleh mengeluarkan baki anda.',
    fr: 'Votre compte est auto-exclu ({{until}}). Vous pouvez toujours retirer votre solde.',
    es: 'Tu cuenta está autoexcluida ({{until}}). Aún puedes retirar tu saldo.',
  },
  TIMED_OUT: {
    en: 'You are taking a break until {{until}}. Real-money play resumes then.',
    pt: 'Está numa pausa até {{until}}. O jogo a dinheiro real retoma depois.',
    bn: 'আপনি {{until}} পর্যন্ত বিরতিতে আছেন। তারপর আসল টাকায় খেলা আবার চালু হবে।',
    'zh-TW': '您正在休息至 {{until}}，屆時將恢復真錢遊戲。',
    th: 'คุณกำลังพักถึง {{until}} การเล่นด้วยเงินจริงจะกลับมาหลังจากนั้น',
    ms: 'Anda sedang berehat sehingga {{until}}. Permainan wang sebenar disambung selepas itu.',
    fr: 'Vous faites une pause jusqu’au {{until}}. Le jeu en argent réel reprendra ensuite.',
    es: 'Estás en una pausa hasta el {{until}}. El juego con dinero real se reanuda después.',
  },
  DEPOSIT_LIMIT: {
    en: 'This deposit would exceed your {{period}} deposit limit. You can deposit up to {{remaining}} now.',
    pt: 'Este depósito excederia o seu limite de depósito {{period}}. Pode depositar até {{remaining}} agora.',
    bn: 'এই ডিপোজিট আপনার {{period}} ডিপোজিট সীমা ছাড়িয়ে যাবে। এখন আপনি সর্বোচ্চ {{remaining}} জমা করতে পারেন।',
    'zh-TW': '此筆存款將超過您的{{period}}存款限額。您目前最多可存 {{remaining}}。',
    th: 'การฝากนี้จะเกินวงเงินฝาก{{period}}ของคุณ ตอนนี้คุณฝากได้สูงสุด {{remaining}}',
    ms: 'Deposit ini akan melebihi had deposit {{period}} anda. Anda boleh mendeposit sehingga {{remaining}} sekarang.',
    fr: 'Ce dépôt dépasserait votre limite de dépôt {{period}}. Vous pouvez déposer jusqu’à {{remaining}} maintenant.',
    es: 'Este depósito superaría tu límite de depósito {{period}}. Puedes depositar hasta {{remaining}} ahora.',
  },
  LOSS_LIMIT: {
    en: 'This bet could take you past your {{period}} loss limit. You can stake up to {{remaining}} now.',
    pt: 'Esta aposta pode ultrapassar o seu limite de perdas {{period}}. Pode apostar até {{remaining}} agora.',
    bn: 'এই বাজি আপনার {{period}} লসের সীমা ছাড়িয়ে যেতে পারে। এখন আপনি সর্বোচ্চ {{remaining}} বাজি ধরতে পারেন।',
    'zh-TW': '此注可能使您超過{{period}}虧損限額。您目前最多可下注 {{remaining}}。',
    th: 'การเดิมพันนี้อาจทำให้เกินวงเงินขาดทุน{{period}}ของคุณ ตอนนี้คุณเดิมพันได้สูงสุด {{remaining}}',
    ms: 'Pertaruhan ini boleh melebihi had kerugian {{period}} anda. Anda boleh bertaruh sehingga {{remaining}} sekarang.',
    fr: 'Ce pari pourrait dépasser votre limite de pertes {{period}}. Vous pouvez miser jusqu’à {{remaining}} maintenant.',
    es: 'Esta apuesta podría superar tu límite de pérdidas {{period}}. Puedes apostar hasta {{remaining}} ahora.',
  },
  WAGER_LIMIT: {
    en: 'This bet would exceed your {{period}} wager limit. You can stake up to {{remaining}} now.',
    pt: 'Esta aposta excederia o seu limite de apostas {{period}}. Pode apostar até {{remaining}} agora.',
    bn: 'এই বাজি আপনার {{period}} বাজির সীমা ছাড়িয়ে যাবে। এখন আপনি সর্বোচ্চ {{remaining}} বাজি ধরতে পারেন।',
    'zh-TW': '此注將超過您的{{period}}投注限額。您目前最多可下注 {{remaining}}。',
    th: 'การเดิมพันนี้จะเกินวงเงินเดิมพัน{{period}}ของคุณ ตอนนี้คุณเดิมพันได้สูงสุด {{remaining}}',
    ms: 'Pertaruhan ini akan melebihi had pertaruhan {{period}} anda. Anda boleh bertaruh sehingga {{remaining}} sekarang.',
    fr: 'Ce pari dépasserait votre limite de mises {{period}}. Vous pouvez miser jusqu’à {{remaining}} maintenant.',
    es: 'Esta apuesta superaría tu límite de apuestas {{period}}. Puedes apostar hasta {{remaining}} ahora.',
  },
  SESSION_LIMIT: {
    en: 'You have reached your session time limit of {{minutes}} minutes. Sign in again later to keep playing.',
    pt: 'Atingiu o seu limite de tempo de sessão de {{minutes}} minutos. Inicie sessão mais tarde para continuar a jogar.',
    bn: 'আপনি আপনার {{minutes}} মিনিটের সেশন সময়সীমায় পৌঁছেছেন। খেলা চালিয়ে যেতে পরে আবার সাইন ইন করুন।',
    'zh-TW': '您已達到 {{minutes}} 分鐘的單次遊戲時間限制。請稍後重新登入以繼續遊戲。',
    th: 'คุณเล่นครบเวลาจำกัดต่อเซสชัน {{minutes}} นาทีแล้ว โปรดเข้าสู่ระบบใหม่ภายหลังเพื่อเล่นต่อ',
    ms: 'Anda telah mencapai had masa sesi {{minutes}} minit. Log masuk semula kemudian untuk terus bermain.',
    fr: 'Vous avez atteint votre limite de session de {{minutes}} minutes. Reconnectez-vous plus tard pour continuer à jouer.',
    es: 'Has alcanzado tu límite de tiempo de sesión de {{minutes}} minutos. Vuelve a iniciar sesión más tarde para seguir jugando.',
  },
  WITHDRAWALS_FROZEN: {
    en: 'Withdrawals from your account are on hold while our compliance team reviews it. Please contact support.',
    pt: 'Os levantamentos da sua conta estão suspensos enquanto a nossa equipa de conformidade a analisa. Contacte o apoio ao cliente.',
    bn: 'আমাদের কমপ্লায়েন্স দল আপনার অ্যাকাউন্ট পর্যালোচনা করার সময় উত্তোলন স্থগিত রয়েছে। অনুগ্রহ করে সহায়তায় যোগাযোগ করুন।',
    'zh-TW': '我們的合規團隊正在審查您的帳戶，提領暫停中。請聯絡客服。',
    th: 'การถอนเงินจากบัญชีของคุณถูกระงับไว้ระหว่างที่ทีมกำกับดูแลตรวจสอบ โปรดติดต่อฝ่ายบริการลูกค้า',
    ms: 'Pengeluaran dari akaun anda ditangguhkan semasa pasukan pematuhan kami menyemaknya. Sila hubungi sokongan.',
    fr: 'Les retraits de votre compte sont suspendus pendant que notre équipe conformité l’examine. Veuillez contacter le support.',
    es: 'Los retiros de tu cuenta están en espera mientras nuestro equipo de cumplimiento la revisa. Contacta con soporte.',
  },
} as const;
export type RefusalCode = keyof typeof REFUSALS;

const PERIODS: Record<string, Record<'daily' | 'weekly' | 'monthly', string>> = {
  en: { daily: 'daily', weekly: 'weekly', monthly: 'monthly' },
  pt: { daily: 'diário', weekly: 'semanal', monthly: 'mensal' },
  bn: { daily: 'দৈনিক', weekly: 'সাপ্তাহিক', monthly: 'মাসিক' },
  'zh-TW': { daily: '每日', weekly: '每週', monthly: '每月' },
  th: { daily: 'รายวัน', weekly: 'รายสัปดาห์', monthly: 'รายเดือน' },
  ms: { daily: 'harian', weekly: 'mingguan', monthly: 'bulanan' },
  fr: { daily: 'quotidienne', weekly: 'hebdomadaire', monthly: 'mensuelle' },
  es: { daily: 'diario', weekly: 'semanal', monthly: 'mensual' },
};

export function message(
  code: RefusalCode,
  language: string | undefined,
  values: Record<string, string>,
): string {
  const table = REFUSALS[code] as Record<string, string>;
  let text = table[language ?? 'en'] ?? table.en!;
  const period = values.period
    ? (PERIODS[language ?? 'en'] ?? PERIODS.en!)[values.period as 'daily']
    : undefined;
  for (const [key, value] of Object.entries({ ...values, ...(period ? { period } : {}) }))
    text = text.replaceAll(`{{${key}}}`, value);
  return text;
}
