import i18n from 'i18next';
import { MERAKI_SSID_NUMBERS } from '@splashboard/contract';
import { API_ROUTER_MESSAGES } from '@splashboard/contract/messages';

/** The settings pages of the API and URL router families in English (US). */
const en = {
  save: 'Save and check',
  secretSet: 'A value is saved: leave empty to keep it',
  instructionsTitle: 'On the controller',
  instructions: {
    portal_url: 'Portal URL',
    walled_garden: 'Walled garden (pre-authentication access)',
    radius_server: 'RADIUS server',
    radius_auth_port: 'Authentication port',
    radius_acct_port: 'Accounting port',
    nbi_password: 'Northbound portal interface password',
  },
  omada: {
    title: 'TP-Link Omada controller',
    url: 'Controller address',
    urlHelp: 'Such as https://omada.example.com:8043, or your Omada cloud controller’s address',
    controller_id: 'Controller id',
    controller_idHelp: 'The 32 characters after the address in the controller’s pages; leave empty to ask the controller',
    username: 'Hotspot operator',
    usernameHelp: 'Created in Hotspot Manager > Operators for this site (not an administrator)',
    password: 'Operator password',
    time_unit: 'Unit of the authorization time',
    time_unitHelp:
      'Omada documents microseconds, but some controllers expect milliseconds (unconfirmed): if guests are let in for a moment only, choose milliseconds',
    time_unitOptions: { microseconds: 'Microseconds (documented)', milliseconds: 'Milliseconds' },
    skip_tls_verify: 'Accept a self-signed certificate',
    skip_tls_verifyHelp:
      'Off by default: the certificate is checked. Turn it on while your controller still has the self-signed one it came with, and off again once it has a trusted one.',
    instructionsIntro:
      'In Omada, open Site Settings > Authentication > Portal, add a portal with the authentication type External Portal Server, and enter:',
    instructions: { portal_url: 'Custom portal server URL', walled_garden: 'Pre-authentication access (URL or host)' },
    instructionsNote:
      'The portal calls the controller to let guests in: the controller address above must be reachable from the internet. Rates and data limits come from Omada’s own rate limit profiles; the portal sends the session time.',
    uncheckable: '',
  },
  meraki: {
    title: 'Cisco Meraki splash page',
    instructionsIntro:
      'In Meraki Dashboard, open Wireless > Access control for the guest SSID and choose the Click-through splash page; then in Wireless > Splash page choose “Or provide a URL where users will be redirected” and enter:',
    instructions: { portal_url: 'Custom splash URL', walled_garden: 'Walled garden ranges' },
    instructionsNote:
      'Meraki lets each guest in for the session time the portal sends. Rates and data limits come from the network’s group policies.',
    uncheckable:
      'Meraki lets guests in by the grant address each one arrives with: nothing below is needed for that. Without a Dashboard API key there is nothing to ask and guests cannot be disconnected from here; guests reaching the portal show that it works.',
    api_key: 'Dashboard API key (optional)',
    api_keyHelp:
      'Lets the portal check the network and disconnect guests. Created in Meraki Dashboard under My profile > API access; the key acts with that administrator’s rights.',
    network_id: 'Network id',
    network_idHelp:
      'The Dashboard API’s id of the network, such as N_24329156 or L_643703248 (GET /organizations/{organizationId}/networks lists them)',
    ssid_number: 'Guest SSID number',
    ssid_numberHelp:
      'The SSID’s number in the Dashboard API, 0 for the first one. It must be enabled with the Click-through splash page.',
    ssid_numberOptions: Object.fromEntries(MERAKI_SSID_NUMBERS.map((n) => [n, `SSID ${n}`])),
    api_url: 'Dashboard API address',
    api_urlHelp: 'https://api.meraki.com/api/v1, or your region’s, such as https://api.meraki.cn/api/v1 for the China dashboard',
    skip_tls_verify: 'Accept a self-signed certificate',
    skip_tls_verifyHelp: 'Leave off for Meraki’s own addresses.',
    apiNote:
      'With a key, the status check reads the network (GET /networks/{networkId}) and disconnecting a guest ends its splash authorization on the SSID above (PUT …/clients/{MAC}/splashAuthorizationStatus). Not confirmed by Meraki’s documentation: whether a device is cut off at once or only sent back to the splash page later, and which of “unknown network” and “no access” an answer of 404 means. A network that tracks clients by IP does not know them by MAC, so disconnecting does not work there.',
  },
  merakigo: {
    title: 'Meraki Go splash page',
    instructionsIntro:
      'In the Meraki Go app, open the guest network, turn on the splash page, choose an external captive portal and enter:',
    instructions: { portal_url: 'Captive portal URL', walled_garden: 'Allowed domains before login' },
    instructionsNote: 'Meraki Go lets each guest in for the session time the portal sends; rates are the network’s own.',
    uncheckable:
      'Meraki Go lets guests in by the grant address each one arrives with: there is nothing to enter here and no controller to ask. Guests reaching the portal show that it works.',
  },
  mist: {
    title: 'Juniper Mist guest portal',
    portal_url: 'Mist portal address',
    portal_urlHelp:
      'https://portal.mist.com, or your region’s portal (the address of your Mist dashboard with “manage” replaced by “portal”, such as https://portal.eu.mist.com)',
    secret: 'Portal API secret',
    secretHelp: 'Shown in the WLAN’s guest portal settings once “Forward to external portal” is chosen',
    instructionsIntro: 'In Mist, edit the WLAN: under Guest Portal choose Forward to external portal, and enter:',
    instructions: { portal_url: 'Portal URL', walled_garden: 'Allowed hostnames' },
    instructionsNote:
      'The portal sends guests to Mist’s authorize address with the session time, speeds and data limit signed with the secret above.',
    uncheckable: 'Mist has no interface the portal can ask: guests reaching the portal and getting online show that it works.',
  },
  smartzone: {
    title: 'Ruckus SmartZone controller',
    url: 'Northbound interface address',
    urlHelp: 'The controller’s address with port 9443, such as https://smartzone.example.com:9443',
    password: 'Northbound portal interface password',
    passwordHelp: 'Set in the controller under System > Northbound Portal Interface',
    skip_tls_verify: 'Accept a self-signed certificate',
    skip_tls_verifyHelp:
      'Off by default: the certificate is checked. Turn it on while your controller still has the self-signed one it came with, and off again once it has a trusted one.',
    instructionsIntro:
      'On the controller, create a Hotspot (WISPr) portal with an external logon URL, use our RADIUS server as its authentication and accounting service, and enter:',
    instructions: { portal_url: 'Logon URL (external)', walled_garden: 'Walled garden' },
    instructionsNote:
      'Register the controller’s address as a RADIUS client of this location, below, to get the shared secret for the RADIUS services. The portal logs guests in through the northbound interface; the controller then asks our RADIUS server, which answers the session time and speeds.',
    uncheckable: '',
  },
  ruckus_cloud: {
    title: 'RUCKUS One',
    url: 'Northbound interface address',
    urlHelp: 'The https:// address of the nbiIP your RUCKUS One venue sends in its redirects',
    password: 'Northbound portal interface password',
    passwordHelp: 'The password of the portal interface in your RUCKUS One network settings',
    skip_tls_verify: 'Accept a self-signed certificate',
    skip_tls_verifyHelp: 'Leave off for RUCKUS One’s own addresses.',
    instructionsIntro:
      'In RUCKUS One, set the guest network’s captive portal to a hotspot (WISPr) portal with an external logon URL, use our RADIUS server, and enter:',
    instructions: { portal_url: 'Logon URL (external)', walled_garden: 'Walled garden' },
    instructionsNote:
      'Register the address RUCKUS One sends RADIUS from as a RADIUS client of this location, below, to get the shared secret. The portal logs guests in through the northbound interface; RUCKUS One then asks our RADIUS server, which answers the session time and speeds.',
    uncheckable: '',
  },
  /** The contract's API_ROUTER_MESSAGES (codes `apiRouters.<key>`), word for word. */
  errors: API_ROUTER_MESSAGES,
};

const es: typeof en = {
  save: 'Guardar y comprobar',
  secretSet: 'Hay un valor guardado: déjalo vacío para conservarlo',
  instructionsTitle: 'En el controlador',
  instructions: {
    portal_url: 'URL del portal',
    walled_garden: 'Jardín vallado (acceso previo a la autenticación)',
    radius_server: 'Servidor RADIUS',
    radius_auth_port: 'Puerto de autenticación',
    radius_acct_port: 'Puerto de contabilidad',
    nbi_password: 'Contraseña de la interfaz de portal northbound',
  },
  omada: {
    title: 'Controlador TP-Link Omada',
    url: 'Dirección del controlador',
    urlHelp: 'Como https://omada.example.com:8043, o la dirección de tu controlador Omada en la nube',
    controller_id: 'Id. del controlador',
    controller_idHelp:
      'Los 32 caracteres que siguen a la dirección en las páginas del controlador; déjalo vacío para preguntarlo al controlador',
    username: 'Operador del hotspot',
    usernameHelp: 'Creado en Hotspot Manager > Operators para este sitio (no un administrador)',
    password: 'Contraseña del operador',
    time_unit: 'Unidad del tiempo de autorización',
    time_unitHelp:
      'Omada documenta microsegundos, pero algunos controladores esperan milisegundos (sin confirmar): si los invitados solo entran un instante, elige milisegundos',
    time_unitOptions: { microseconds: 'Microsegundos (documentado)', milliseconds: 'Milisegundos' },
    skip_tls_verify: 'Aceptar un certificado autofirmado',
    skip_tls_verifyHelp:
      'Desactivado por defecto: se comprueba el certificado. Actívalo mientras tu controlador tenga el autofirmado de fábrica y desactívalo cuando tenga uno de confianza.',
    instructionsIntro:
      'En Omada, abre Site Settings > Authentication > Portal, añade un portal con el tipo de autenticación External Portal Server e introduce:',
    instructions: {
      portal_url: 'URL del servidor de portal personalizado',
      walled_garden: 'Acceso previo a la autenticación (URL o host)',
    },
    instructionsNote:
      'El portal llama al controlador para dejar entrar a los invitados: la dirección del controlador debe ser accesible desde internet. Las velocidades y los límites de datos vienen de los perfiles de Omada; el portal envía el tiempo de sesión.',
    uncheckable: '',
  },
  meraki: {
    title: 'Página de bienvenida de Cisco Meraki',
    instructionsIntro:
      'En Meraki Dashboard, abre Wireless > Access control del SSID de invitados y elige la página de bienvenida Click-through; después, en Wireless > Splash page, elige “Or provide a URL where users will be redirected” e introduce:',
    instructions: { portal_url: 'URL de bienvenida personalizada', walled_garden: 'Rangos del jardín vallado' },
    instructionsNote:
      'Meraki deja entrar a cada invitado durante el tiempo de sesión que envía el portal. Las velocidades y los límites de datos vienen de las políticas de grupo de la red.',
    uncheckable:
      'Meraki deja entrar a los invitados con la dirección de concesión con la que llega cada uno: para eso no hace falta nada de lo que sigue. Sin una clave de la API de Dashboard no hay nada que preguntar y no se puede desconectar a los invitados desde aquí; los invitados que llegan al portal muestran que funciona.',
    api_key: 'Clave de la API de Dashboard (opcional)',
    api_keyHelp:
      'Permite al portal comprobar la red y desconectar invitados. Se crea en Meraki Dashboard en My profile > API access; la clave actúa con los permisos de ese administrador.',
    network_id: 'Id. de la red',
    network_idHelp:
      'El id. de la red en la API de Dashboard, como N_24329156 o L_643703248 (GET /organizations/{organizationId}/networks las lista)',
    ssid_number: 'Número del SSID de invitados',
    ssid_numberHelp:
      'El número del SSID en la API de Dashboard, 0 para el primero. Debe estar activado con la página de bienvenida Click-through.',
    ssid_numberOptions: Object.fromEntries(MERAKI_SSID_NUMBERS.map((n) => [n, `SSID ${n}`])),
    api_url: 'Dirección de la API de Dashboard',
    api_urlHelp: 'https://api.meraki.com/api/v1, o la de tu región, como https://api.meraki.cn/api/v1 para el dashboard de China',
    skip_tls_verify: 'Aceptar un certificado autofirmado',
    skip_tls_verifyHelp: 'Déjalo desactivado para las direcciones propias de Meraki.',
    apiNote:
      'Con una clave, la comprobación del estado lee la red (GET /networks/{networkId}) y desconectar a un invitado termina su autorización de bienvenida en el SSID indicado (PUT …/clients/{MAC}/splashAuthorizationStatus). Sin confirmar en la documentación de Meraki: si el dispositivo se corta al momento o solo vuelve a la página de bienvenida más tarde, y cuál de «red desconocida» y «sin acceso» significa una respuesta 404. Una red que identifica a los clientes por IP no los conoce por su MAC, así que ahí no se puede desconectar.',
  },
  merakigo: {
    title: 'Página de bienvenida de Meraki Go',
    instructionsIntro:
      'En la app Meraki Go, abre la red de invitados, activa la página de bienvenida, elige un portal cautivo externo e introduce:',
    instructions: { portal_url: 'URL del portal cautivo', walled_garden: 'Dominios permitidos antes de iniciar sesión' },
    instructionsNote:
      'Meraki Go deja entrar a cada invitado durante el tiempo de sesión que envía el portal; las velocidades son las de la red.',
    uncheckable:
      'Meraki Go deja entrar a los invitados con la dirección de concesión con la que llega cada uno: aquí no hay nada que introducir ni un controlador al que preguntar. Los invitados que llegan al portal muestran que funciona.',
  },
  mist: {
    title: 'Portal de invitados de Juniper Mist',
    portal_url: 'Dirección del portal de Mist',
    portal_urlHelp:
      'https://portal.mist.com, o el portal de tu región (la dirección de tu panel de Mist cambiando “manage” por “portal”, como https://portal.eu.mist.com)',
    secret: 'Secreto de la API del portal',
    secretHelp: 'Aparece en los ajustes del portal de invitados de la WLAN al elegir “Forward to external portal”',
    instructionsIntro: 'En Mist, edita la WLAN: en Guest Portal elige Forward to external portal e introduce:',
    instructions: { portal_url: 'URL del portal', walled_garden: 'Nombres de host permitidos' },
    instructionsNote:
      'El portal envía a los invitados a la dirección de autorización de Mist con el tiempo de sesión, las velocidades y el límite de datos firmados con el secreto de arriba.',
    uncheckable:
      'Mist no tiene una interfaz a la que el portal pueda preguntar: los invitados que llegan al portal y se conectan muestran que funciona.',
  },
  smartzone: {
    title: 'Controlador Ruckus SmartZone',
    url: 'Dirección de la interfaz northbound',
    urlHelp: 'La dirección del controlador con el puerto 9443, como https://smartzone.example.com:9443',
    password: 'Contraseña de la interfaz de portal northbound',
    passwordHelp: 'Se define en el controlador en System > Northbound Portal Interface',
    skip_tls_verify: 'Aceptar un certificado autofirmado',
    skip_tls_verifyHelp:
      'Desactivado por defecto: se comprueba el certificado. Actívalo mientras tu controlador tenga el autofirmado de fábrica y desactívalo cuando tenga uno de confianza.',
    instructionsIntro:
      'En el controlador, crea un portal Hotspot (WISPr) con URL de inicio de sesión externa, usa nuestro servidor RADIUS como servicio de autenticación y de contabilidad, e introduce:',
    instructions: { portal_url: 'URL de inicio de sesión (externa)', walled_garden: 'Jardín vallado' },
    instructionsNote:
      'Registra la dirección del controlador como cliente RADIUS de esta ubicación, más abajo, para obtener el secreto compartido de los servicios RADIUS. El portal conecta a los invitados mediante la interfaz northbound; después el controlador pregunta a nuestro servidor RADIUS, que responde con el tiempo de sesión y las velocidades.',
    uncheckable: '',
  },
  ruckus_cloud: {
    title: 'RUCKUS One',
    url: 'Dirección de la interfaz northbound',
    urlHelp: 'La dirección https:// del nbiIP que tu sede de RUCKUS One envía en sus redirecciones',
    password: 'Contraseña de la interfaz de portal northbound',
    passwordHelp: 'La contraseña de la interfaz de portal en los ajustes de red de RUCKUS One',
    skip_tls_verify: 'Aceptar un certificado autofirmado',
    skip_tls_verifyHelp: 'Déjalo desactivado para las direcciones propias de RUCKUS One.',
    instructionsIntro:
      'En RUCKUS One, configura el portal cautivo de la red de invitados como portal hotspot (WISPr) con URL de inicio de sesión externa, usa nuestro servidor RADIUS e introduce:',
    instructions: { portal_url: 'URL de inicio de sesión (externa)', walled_garden: 'Jardín vallado' },
    instructionsNote:
      'Registra la dirección desde la que RUCKUS One envía RADIUS como cliente RADIUS de esta ubicación, más abajo, para obtener el secreto compartido. El portal conecta a los invitados mediante la interfaz northbound; después RUCKUS One pregunta a nuestro servidor RADIUS, que responde con el tiempo de sesión y las velocidades.',
    uncheckable: '',
  },
  errors: {
    controllerId: 'Usa las 32 letras y cifras del id del controlador, o déjalo vacío para preguntárselo al controlador',
    omadaUrl: 'Introduce la dirección del controlador, como https://omada.example.com:8043',
    ruckusUrl: 'Introduce la dirección de la interfaz northbound, como https://smartzone.example.com:9443',
    mistUrl: 'Introduce la dirección del portal de Mist, como https://portal.mist.com',
    merakiApiUrl: 'Introduce la dirección de la API de Dashboard, como https://api.meraki.com/api/v1',
    merakiNetworkId: 'Usa el id de red de la API de Dashboard, como N_24329156 o L_643703248',
    secretRequired: 'Introduce el secreto',
  },
};

i18n.addResourceBundle('en-US', 'translation', { apiRouters: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { apiRouters: es }, true, true);
