// Benchscope's published page: WAI-ARIA tabs and permalinks. Without this
// script every panel shows, one after another.
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  function panelOf(tab) { return document.getElementById(tab.getAttribute('aria-controls')); }

  function select(tab, focus) {
    var list = tab.parentNode;
    var tabs = list.querySelectorAll('[role="tab"]');
    for (var i = 0; i < tabs.length; i++) {
      var on = tabs[i] === tab;
      tabs[i].setAttribute('aria-selected', on ? 'true' : 'false');
      tabs[i].tabIndex = on ? 0 : -1;
      panelOf(tabs[i]).hidden = !on;
    }
    if (focus) tab.focus();
  }

  function onKey(event) {
    var tabs = Array.prototype.slice.call(event.currentTarget.querySelectorAll('[role="tab"]'));
    var at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    var next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    var tab = tabs[(next + tabs.length) % tabs.length];
    select(tab, true);
    history.replaceState(null, '', '#' + tab.getAttribute('aria-controls'));
  }

  var lists = document.querySelectorAll('[role="tablist"]');
  for (var i = 0; i < lists.length; i++) {
    var tabs = lists[i].querySelectorAll('[role="tab"]');
    for (var j = 0; j < tabs.length; j++) {
      tabs[j].addEventListener('click', function (event) {
        select(event.currentTarget, false);
        history.replaceState(null, '', '#' + event.currentTarget.getAttribute('aria-controls'));
      });
    }
    lists[i].addEventListener('keydown', onKey);
    if (tabs.length) select(tabs[0], false);
  }

  // A permalink "#suite/case" (or anything inside a panel) opens its tab.
  function openHash() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    var target = id && document.getElementById(id);
    if (!target) return;
    var panel = target.closest('[role="tabpanel"]');
    if (panel) select(document.getElementById(panel.getAttribute('aria-labelledby')), false);
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', openHash);
  openHash();

  // A chart's exact values on hover: the nearest of its marks (written by
  // the page under the chart, in the SVG's coordinates) in a tip. Without
  // this script the table beside the chart holds the same figures.
  function valueTips(box) {
    var list = box.nextElementSibling;
    var svg = box.querySelector('svg');
    if (!svg || !list || !list.classList.contains('chart-values')) return;
    var marks = Array.prototype.map.call(list.children, function (li) {
      return { x: Number(li.getAttribute('data-x')), y: Number(li.getAttribute('data-y')), text: li.textContent };
    });
    var tip = document.createElement('div');
    tip.className = 'chart-tip';
    tip.setAttribute('role', 'status');
    tip.hidden = true;
    box.appendChild(tip);
    svg.addEventListener('pointermove', function (event) {
      var rect = svg.getBoundingClientRect();
      var scale = svg.viewBox.baseVal.width / rect.width;
      var x = (event.clientX - rect.left) * scale, y = (event.clientY - rect.top) * scale;
      var best = null, bestDistance = 40 * scale * 40 * scale;
      for (var i = 0; i < marks.length; i++) {
        var dx = marks[i].x - x, dy = (marks[i].y - y) / 4; // bars are tall: x decides
        var d = dx * dx + dy * dy;
        if (d < bestDistance) { best = marks[i]; bestDistance = d; }
      }
      tip.hidden = !best;
      if (!best) return;
      tip.textContent = best.text;
      var boxRect = box.getBoundingClientRect();
      tip.style.left = Math.min(best.x / scale + rect.left - boxRect.left + box.scrollLeft, box.scrollWidth - tip.offsetWidth) + 'px';
      tip.style.top = Math.max(0, best.y / scale + rect.top - boxRect.top - tip.offsetHeight - 6) + 'px';
    });
    svg.addEventListener('pointerleave', function () { tip.hidden = true; });
  }
  var boxes = document.querySelectorAll('.chart-box');
  for (var b = 0; b < boxes.length; b++) valueTips(boxes[b]);
})();
