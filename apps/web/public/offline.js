// The offline page's words in the reader's language (DESIGN D19): the one picked in the app (localStorage
// 'language', as src/features/language/i18n.ts stores it), else the browser's first we have. A file of its own
// because the CSP allows no inline script. The page's English stays in offline.html: without this file it reads as
// before.
(function () {
  var TEXTS = {
    es: {
      title: 'Sin conexión · SVP Invest',
      description: 'No se puede acceder a SVP Invest: no tiene conexión.',
      heading: 'No tiene conexión',
      text: 'SVP Invest necesita una conexión para mostrar sus saldos. Compruebe su red y vuelva a intentarlo.',
      retry: 'Volver a intentarlo',
    },
    ru: {
      title: 'Нет подключения · SVP Invest',
      description: 'SVP Invest недоступен: нет подключения к сети.',
      heading: 'Нет подключения к сети',
      text: 'Чтобы показать ваши балансы, SVP Invest нужно подключение. Проверьте сеть и попробуйте снова.',
      retry: 'Попробовать снова',
    },
  };

  function stored() {
    try {
      return localStorage.getItem('language');
    } catch (e) {
      return null; // storage blocked: the browser's language decides
    }
  }

  function language() {
    var picked = stored();
    if (picked === 'en' || TEXTS[picked]) return picked;
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var base = String(wanted[i] || '').toLowerCase().split('-')[0];
      if (base === 'en' || TEXTS[base]) return base;
    }
    return 'en';
  }

  var words = TEXTS[language()];
  if (!words) return;
  document.documentElement.lang = language();
  document.title = words.title;
  var description = document.querySelector('meta[name="description"]');
  if (description) description.setAttribute('content', words.description);
  var parts = document.querySelectorAll('[data-text]');
  for (var i = 0; i < parts.length; i++) {
    var text = words[parts[i].getAttribute('data-text')];
    if (text) parts[i].textContent = text;
  }
})();
