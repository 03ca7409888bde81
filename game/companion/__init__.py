"""The phone companion: a web page on the local network that makes each phone a seat's
private screen and controller. Imports no pygame (the server runs in its own thread)."""
